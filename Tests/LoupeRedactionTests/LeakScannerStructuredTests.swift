import Foundation
import LoupeRedaction
import Testing

@Suite struct LeakScannerStructuredTests {
    let scanner = LeakScannerTestRules.scanner
    let awsKey = LeakScannerTestRules.awsKey
    let token = LeakScannerTestRules.bearerToken

    func scan(_ text: String, as format: ScanFormat, scanner: LeakScanner? = nil) -> [Finding] {
        Array(text.utf8).withUnsafeBytes { (scanner ?? self.scanner).scan(bytes: $0, format: format) }
    }

    @Test func harFindingsAreReportedByJSONPointer() {
        let har = """
            {"log": {"version": "1.2", "entries": [
              {"request": {"method": "GET", "url": "https://api.example.com/me",
                "headers": [{"name": "Accept", "value": "*/*"},
                            {"name": "Authorization", "value": "Bearer \(token)"}]}},
              {"response": {"content": {"text": "{\\"mail\\":\\"ann\\u0040example.com\\"}"}}}
            ]}}
            """
        let findings = scan(har, as: .json)
        #expect(findings.map(\.ruleID) == ["bearer", "email"])
        #expect(findings[0].location == .json(pointer: "/log/entries/0/request/headers/1/value"))
        #expect(findings[1].location == .json(pointer: "/log/entries/1/response/content/text"))
        // Offsets are into the decoded string value.
        #expect(findings[0].byteRange == 7..<(7 + token.utf8.count))
    }

    @Test func listedCookieHeadersNeedOnlyTheirCookieValuesRedacted() {
        let scanner = LeakScanner(ruleSet: .forTesting("""
            [structural]
            headers = ["Cookie", "Set-Cookie"]
            cookies = ["cookie"]
            """))
        let har = #"""
            {"headers": [{"name": "Cookie", "value": "a=[REDACTED:cookie]; b=[REDACTED:cookie]"},
                         {"name": "Set-Cookie", "value": "id=[REDACTED:cookie]; Path=/; HttpOnly"},
                         {"name": "Cookie", "value": "a=[REDACTED:cookie]; b=2"},
                         {"name": "Set-Cookie", "value": "id=3; Path=/"}],
             "cookies": [{"name": "Cookie", "value": "x=[REDACTED:cookie]"}]}
            """#
        let findings = scan(har, as: .json, scanner: scanner)
        #expect(findings.map(\.ruleID) == ["sensitive-header", "sensitive-header", "sensitive-cookie"])
        // A cookie that happens to be named `Cookie` is not a header: its whole value must be a placeholder.
        #expect(findings.map(\.location.pointer) == ["/headers/2/value", "/headers/3/value", "/cookies/0/value"])
    }

    @Test func pointersEscapeSlashAndTilde() {
        let findings = scan(#"{"a/b": {"c~d": ["x", "\#(awsKey)"]}}"#, as: .json)
        #expect(findings.map(\.location) == [.json(pointer: "/a~1b/c~0d/1")])
    }

    @Test func memberKeysGiveKeywordRulesTheirContext() {
        // `password` and the value are separate JSON strings; the rule still sees them together.
        let findings = scan(#"{"user": "ann", "password": "hunter22secret"}"#, as: .json)
        #expect(findings.map(\.ruleID) == ["password-assignment"])
        #expect(findings.first?.location == .json(pointer: "/password"))
        #expect(findings.first?.byteRange == 0..<14)
    }

    @Test func keysAndNumbersAreScannedToo() {
        let findings = scan(#"{"bob@example.com": 1, "n": 4111111111111111}"#, as: .json)
        #expect(findings.map(\.ruleID) == ["email"])
        #expect(findings.first?.location == .json(pointer: "/bob@example.com"))
    }

    @Test func unredactedValuesUnderStructuralNamesAreFindings() {
        let har = """
            {"headers": [{"name": "X-API-Key", "value": "k1"}, {"name": "x-api-key", "value": "[REDACTED:x-api-key]"}],
             "cookies": [{"name": "session", "value": "s3"}, {"name": "theme", "value": "dark"}],
             "queryString": [{"name": "api_key", "value": "q4"}],
             "client_secret": "c5", "clientSecret": "[REDACTED]",
             "auth": {"headers": [{"name": "x-api-key", "value": "Bearer [REDACTED:bearer]"}]}}
            """
        let findings = scan(har, as: .json)
        #expect(findings.map(\.ruleID) == ["sensitive-header", "sensitive-cookie", "sensitive-query-parameter",
                                           "sensitive-json-key"])
        #expect(findings.map(\.location.pointer) == ["/headers/0/value", "/cookies/0/value", "/queryString/0/value",
                                                     "/client_secret"])
        #expect(findings.allSatisfy { $0.preview == "****" })
    }

    @Test func ndjsonReportsTheLineAndThePointer() {
        let ndjson = """
            {"id": 1, "url": "/ok"}

            {"id": 2, "headers": [{"name": "Authorization", "value": "Bearer \(token)"}]}
            not json at all: \(awsKey)
            {"id": 4, "mail": "bob@example.com"}
            """
        let findings = scan(ndjson, as: .ndjson)
        #expect(findings.map(\.ruleID) == ["bearer", "aws-key", "email"])
        #expect(findings.map(\.location) == [
            .ndjson(line: 3, pointer: "/headers/0/value"),
            .text(line: 4, column: 18),
            .ndjson(line: 5, pointer: "/mail"),
        ])
    }

    @Test func invalidJSONFallsBackToTextLines() {
        var stream = LeakScanStream(scanner: scanner, format: .json)
        var findings = stream.feed(Array("{\"truncated\": \n\"\(awsKey)\"".utf8))
        findings += stream.finish()
        #expect(stream.fellBackToText)
        #expect(findings.map(\.location) == [.text(line: 2, column: 2)])
    }

    @Test func jsonLargerThanTheLimitIsScannedAsText() {
        let small = LeakScanner(ruleSet: LeakScannerTestRules.ruleSet,
                                limits: .init(windowSize: 4096, windowOverlap: 256, jsonDocumentLimit: 1000))
        let padding = (0..<100).map { "\"k\($0)\": \"value\"" }.joined(separator: ",\n")
        let document = "{\n\(padding),\n\"key\": \"\(awsKey)\"\n}"
        var stream = LeakScanStream(scanner: small, format: .json)
        var findings: [Finding] = []
        for chunk in Array(document.utf8).scanTestChunks(of: 100) { findings += stream.feed(chunk) }
        findings += stream.finish()
        #expect(stream.fellBackToText)
        #expect(findings.map(\.location) == [.text(line: 102, column: 9)])
    }

    @Test func ndjsonRecordsLargerThanTheLimitAreScannedAsText() {
        let small = LeakScanner(ruleSet: LeakScannerTestRules.ruleSet,
                                limits: .init(windowSize: 512, windowOverlap: 64, jsonDocumentLimit: 300))
        let long = "{\"pad\": \"\(String(repeating: "x", count: 1000))\", \"key\": \"\(awsKey)\"}"
        let text = "{\"mail\": \"bob@example.com\"}\n\(long)\n{\"key\": \"\(awsKey)\"}\n"
        let findings = scan(text, as: .ndjson, scanner: small)
        #expect(findings.map(\.location) == [
            .ndjson(line: 1, pointer: "/mail"),
            .text(line: 2, column: 1021),
            .ndjson(line: 3, pointer: "/key"),
        ])
    }

    @Test func deeplyNestedJSONFallsBackInsteadOfOverflowing() {
        let depth = 100_000
        let document = String(repeating: "[", count: depth) + "\"\(awsKey)\"" + String(repeating: "]", count: depth)
        let findings = scan(document, as: .json)
        #expect(findings.map(\.ruleID) == ["aws-key"])
        #expect(findings.first?.location.line == 1)
    }

    @Test func feedingByteByByteGivesTheSameFindings() {
        // More than the 8 KiB binary sniff, so most bytes really arrive after scanning started.
        let padding = (0..<600).map { "{\"i\": \($0)}\n" }.joined()
        let ndjson = padding + "{\"a\": \"bob@example.com\"}\n\(awsKey) plain\n{\"b\": \"Bearer \(token)\"}"
        let whole = scan(ndjson, as: .ndjson)
        var stream = LeakScanStream(scanner: scanner, format: .ndjson)
        var pieces: [Finding] = []
        for byte in ndjson.utf8 { pieces += stream.feed(CollectionOfOne(byte)) }
        pieces += stream.finish()
        #expect(whole.count == 3)
        #expect(pieces == whole)
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    func scanTestChunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
