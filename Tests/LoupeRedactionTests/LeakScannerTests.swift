import Foundation
import LoupeRedaction
import Testing

@Suite struct LeakScannerTests {
    let scanner = LeakScannerTestRules.scanner
    let awsKey = LeakScannerTestRules.awsKey

    @Test func reportsRuleCategoryLineColumnAndByteRange() {
        let text = "first line\nkey=\(awsKey) mail bob@example.com\n"
        let findings = scanner.scan(text: text)
        #expect(findings.map(\.ruleID) == ["aws-key", "email"])
        #expect(findings[0].category == "token")
        #expect(findings[0].location == .text(line: 2, column: 5))
        #expect(findings[0].byteRange == 15..<35)
        #expect(findings[1].category == "pii")
        #expect(findings[1].location == .text(line: 2, column: 31))
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[findings[1].byteRange], as: UTF8.self) == "bob@example.com")
    }

    @Test func columnsCountCharactersNotBytes() {
        let findings = scanner.scan(text: "é€😀 \(awsKey)")
        #expect(findings.first?.location == .text(line: 1, column: 5))
        #expect(findings.first?.byteRange.lowerBound == 10)
    }

    @Test func previewsNeverContainTheSecret() {
        let text = "Authorization: Bearer \(LeakScannerTestRules.bearerToken)\nkey=\(awsKey)\npassword=abcdef1"
        let findings = scanner.scan(text: text)
        #expect(findings.count == 3)
        for finding in findings {
            #expect(!finding.preview.contains(awsKey))
            #expect(!finding.preview.contains(LeakScannerTestRules.bearerToken))
            #expect(!finding.preview.contains("abcdef1"))
        }
        #expect(findings.first { $0.ruleID == "aws-key" }?.preview == "AKIA…(20 chars)")
        #expect(findings.first { $0.ruleID == "password-assignment" }?.preview == "****")
    }

    @Test func secretGroupIsWhatIsReported() {
        let findings = scanner.scan(text: "Authorization: Bearer \(LeakScannerTestRules.bearerToken)")
        #expect(findings.count == 1)
        #expect(findings.first?.location == .text(line: 1, column: 23))
        #expect(findings.first?.byteRange.count == LeakScannerTestRules.bearerToken.utf8.count)
    }

    @Test func redactedOutputIsClean() {
        let text = """
            Authorization: Bearer [REDACTED:bearer]
            password=[REDACTED:password] password: "[REDACTED]"
            mail [email:0a1b2c3d] and [REDACTED:email]
            card ****1234 key ****MPLE
            GET /reset?email=%5BREDACTED%3Aemail%5D&token=%5Bbearer%3A9f8e7d6c%5D
            """
        #expect(scanner.scan(text: text).isEmpty)
    }

    @Test func somethingNextToAPlaceholderIsStillFound() {
        let findings = scanner.scan(text: "[REDACTED:email] \(awsKey) ****1234")
        #expect(findings.map(\.ruleID) == ["aws-key"])
    }

    @Test func oneSecretIsOneFindingNamedByTheFirstRule() {
        // Both aws-key and password-assignment match the key; the earlier, more specific rule wins.
        let findings = scanner.scan(text: "password=\(awsKey) password=hunter22secret")
        #expect(findings.map(\.ruleID) == ["aws-key", "password-assignment"])
    }

    @Test func previewsShowAtMostAQuarterOfTheSecret() {
        #expect(SecretPreview.masked("1234567") == "****")
        #expect(SecretPreview.masked("12345678") == "12…(8 chars)")
        #expect(SecretPreview.masked("abcdefghijklmnopqrstuvwxyz") == "abcd…(26 chars)")
        #expect(SecretPreview.masked("\u{1}\u{2}cdefghijklmnop") == "??cd…(16 chars)")
    }

    @Test func keywordPrefilterSkipsRulesWhoseKeywordsAreAbsent() throws {
        // A pattern that would match anything: only the keyword keeps it quiet.
        let rules = RuleSet.forTesting(#"""
            [[rule]]
            id = "anything"
            category = "token"
            pattern = '''\w{5,}'''
            keywords = ["needle"]
            """#)
        let scanner = LeakScanner(ruleSet: rules)
        #expect(scanner.scan(text: "plenty of words here").isEmpty)
        #expect(scanner.scan(text: "a NEEDLE in words").count == 2)
    }

    @Test func pathologicalInputBecomesAnUnscannableFinding() {
        let scanner = LeakScanner(ruleSet: .pathologicalForTesting)
        let findings = scanner.scan(text: "ok\n" + String(repeating: "a", count: 40) + "!")
        #expect(findings.count == 1)
        #expect(findings.first?.ruleID == Finding.unscannableRuleID)
        #expect(findings.first?.preview.contains("catastrophic") == true)
    }

    @Test func multiLineSecretsAreFound() {
        let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nq83nd9s\n-----END RSA PRIVATE KEY-----"
        let findings = scanner.scan(text: "config:\n\(pem)\n")
        #expect(findings.map(\.ruleID) == ["pem-private-key"])
        #expect(findings.first?.location == .text(line: 2, column: 1))
        #expect(findings.first?.preview.hasPrefix("----…") == true)
    }

    @Test func secretsAcrossWindowEdgesAreFoundOnceWithTheirColumn() {
        let small = LeakScanner(ruleSet: LeakScannerTestRules.ruleSet, limits: .init(windowSize: 96, windowOverlap: 32))
        for offset in 0..<300 {
            let prefix = String(repeating: "x ", count: offset / 2) + (offset % 2 == 1 ? " " : "")
            let findings = small.scan(text: prefix + awsKey + " " + String(repeating: ".", count: 200))
            #expect(findings.map(\.location) == [.text(line: 1, column: offset + 1)], "offset \(offset)")
            #expect(findings.first?.byteRange == offset..<(offset + 20))
        }
    }

    @Test func windowedScanningMatchesWholeScanning() {
        let text = (0..<200).map { index in
            index % 7 == 0 ? "line \(index) mail user\(index)@example.com and \(awsKey)" : "line \(index) nothing"
        }.joined(separator: "\n")
        let whole = scanner.scan(text: text)
        let windowed = LeakScanner(ruleSet: LeakScannerTestRules.ruleSet, limits: .init(windowSize: 200, windowOverlap: 60))
            .scan(text: text)
        #expect(whole.count == 58)
        #expect(windowed == whole)
    }

    @Test func invalidUTF8AndNULFreeBinaryNoiseDoNotCrash() {
        var bytes: [UInt8] = [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82]
        bytes += Array(" \(awsKey) ".utf8)
        bytes += [0xF0, 0x9F, 0x98]
        let findings = bytes.withUnsafeBytes { scanner.scan(bytes: $0, format: .text) }
        #expect(findings.map(\.ruleID) == ["aws-key"])
    }

    @Test func inputWithANULByteIsSkippedAsBinary() {
        var stream = LeakScanStream(scanner: scanner, format: .text)
        var findings = stream.feed(Array("PNG\u{0}\u{1} \(awsKey)".utf8))
        findings += stream.finish()
        #expect(stream.isBinary)
        #expect(findings.isEmpty)
    }

    @Test func formatIsGuessedFromTheExtension() {
        #expect(ScanFormat(path: "export/traffic.har") == .json)
        #expect(ScanFormat(path: "a.JSON") == .json)
        #expect(ScanFormat(path: "events.ndjson") == .ndjson)
        #expect(ScanFormat(path: "events.jsonl") == .ndjson)
        #expect(ScanFormat(path: "app.log") == .text)
        #expect(ScanFormat(path: ".json") == .text)
    }

    @Test func scanningAFileStreamsItAndNamesMissingFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-scan-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.log")
        // Larger than one read chunk, so the file arrives in several pieces.
        let filler = String(repeating: "nothing to see here\n", count: 20_000)
        try Data((filler + "key=\(awsKey)\n").utf8).write(to: file)

        var findings: [Finding] = []
        let scanned = try scanner.scanFile(at: file) { findings.append($0) }
        #expect(scanned)
        #expect(findings.map(\.location) == [.text(line: 20_001, column: 5)])

        #expect {
            try scanner.scanFile(at: directory.appendingPathComponent("missing.log"), displayPath: "missing.log") { _ in }
        } throws: { error in
            (error as? ScanError)?.description.hasPrefix("missing.log: cannot open the file") == true
        }
    }
}
