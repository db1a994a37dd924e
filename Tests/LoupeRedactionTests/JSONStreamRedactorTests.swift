import Foundation
import Testing
@testable import LoupeRedaction

@Suite struct JSONStreamRedactorTests {
    let redactor = RedactorTestRules.redactor()

    /// Streams `input` in chunks of `size` bytes (the whole input when nil).
    func stream(_ input: String, chunk size: Int?) throws -> (String, [String: Int]) {
        var stream = redactor.makeJSONStream()
        let bytes = Array(input.utf8)
        var output: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = size.map { min(start + $0, bytes.count) } ?? bytes.count
            output += try stream.feed(bytes[start..<end])
            start = end
        }
        output += try stream.finish()
        return (String(decoding: output, as: UTF8.self), stream.counts)
    }

    static let document = #"""
        {
          "log": {"version": "1.2", "entries": [
            {"request": {"method": "POST", "url": "https://api.example.com/login?api_key=k123&x=1",
              "headers": [{"name": "Authorization", "value": "Bearer abcdefgh12345678"},
                          {"name": "Cookie", "value": "session=s1; theme=dark"}],
              "postData": {"mimeType": "application/json", "text": "{\"email\":\"ann@example.com\",\"password\":\"hunter2\"}"}},
             "response": {"status": 200, "content": {"size": 120, "mimeType": "application/json",
              "text": "{\"accessToken\":\"eyJhbGciOi\",\"expires_in\":3600}"}},
             "comment": "caf\u00e9 \ud83d\ude00 card 4111\u00201111 1111 1111",
             "secret": {"deep": [1, 2, {"x": "\"}]"}], "more": null},
             "n": [-0.5e+10, 0, 1E3, true, false, null]}
          ]}
        }
        """#

    static let expected = #"""
        {
          "log": {"version": "1.2", "entries": [
            {"request": {"method": "POST", "url": "https://api.example.com/login?api_key=[REDACTED:query-param]&x=1",
              "headers": [{"name": "Authorization", "value": "Bearer [REDACTED:bearer-token]"},
                          {"name": "Cookie", "value": "session=[REDACTED:cookie]; theme=dark"}],
              "postData": {"mimeType": "application/json", "text": "{\"email\":\"[REDACTED:email]\",\"password\":\"[REDACTED:json-key]\"}"}},
             "response": {"status": 200, "content": {"size": 120, "mimeType": "application/json",
              "text": "{\"accessToken\":\"[REDACTED:json-key]\",\"expires_in\":3600}"}},
             "comment": "caf\u00e9 \ud83d\ude00 card [REDACTED:payment-card]",
             "secret": "[REDACTED:json-key]",
             "n": [-0.5e+10, 0, 1E3, true, false, null]}
          ]}
        }
        """#

    @Test(arguments: [1, 7, nil] as [Int?])
    func chunkingDoesNotChangeTheOutput(chunk: Int?) throws {
        let (output, counts) = try stream(Self.document, chunk: chunk)
        #expect(output == Self.expected)
        #expect(counts == ["query-param": 1, "bearer-token": 1, "cookie": 1, "email": 1, "json-key": 3, "payment-card": 1])
    }

    @Test func outputIsValidJSONWithTheSameStructure() throws {
        let (output, _) = try stream(Self.document, chunk: 13)
        let original = try JSONSerialization.jsonObject(with: Data(Self.document.utf8)) as? [String: Any]
        let redacted = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect(original?.keys.sorted() == redacted?.keys.sorted())
    }

    @Test func streamingTheRedactedOutputAgainChangesNothing() throws {
        let (once, _) = try stream(Self.document, chunk: nil)
        let (twice, counts) = try stream(once, chunk: 5)
        #expect(twice == once)
        #expect(counts.isEmpty)
    }

    @Test func stringsSplitAcrossChunksAtEscapesDecodeCorrectly() throws {
        let input = #"["a\"b\\", "\u0041NN@EXAMPLE.COM", "x\/y"]"#
        for size in 1...6 {
            let (output, counts) = try stream(input, chunk: size)
            #expect(output == #"["a\"b\\", "[REDACTED:email]", "x\/y"]"#)
            #expect(counts == ["email": 1])
        }
    }

    @Test(arguments: [
        (#"{"a" 1}"#, 5, "expected ':' after an object key, found '1'"),
        (#"{"a":1,}"#, 7, "expected a string key after ',', found '}'"),
        (#"[1 2]"#, 3, "expected ',' or ']' after an array element, found '2'"),
        (#"{"a":tru}"#, 5, "invalid literal 'tru'; expected a number, true, false or null"),
        (#"[01]"#, 1, "invalid literal '01'; expected a number, true, false or null"),
        (#"{"a":1]"#, 6, "expected ',' or '}' after an object member, found ']'"),
        ("]", 0, "expected a JSON value, found ']'"),
    ])
    func malformedInputReportsTheByteOffset(input: String, offset: Int, reason: String) {
        for size in [1, nil] as [Int?] {
            #expect(throws: JSONStreamError(offset: offset, reason: reason)) { try stream(input, chunk: size) }
        }
    }

    @Test func unfinishedInputIsAnErrorAtTheEnd() {
        #expect(throws: JSONStreamError(offset: 11, reason: "the input ends inside a string that starts at byte 7")) {
            try stream(#"{"a":[ "abc"#, chunk: 4)
        }
        #expect(throws: JSONStreamError(offset: 6, reason: "the input ends with 2 unclosed object(s) or array(s)")) {
            try stream(#"{"a":["#, chunk: nil)
        }
    }

    @Test func aFailedStreamKeepsFailing() throws {
        var stream = redactor.makeJSONStream()
        #expect(throws: JSONStreamError.self) { try stream.feed(Array("{]".utf8)) }
        #expect(throws: JSONStreamError.self) { try stream.feed(Array("{}".utf8)) }
        #expect(throws: JSONStreamError.self) { try stream.finish() }
    }

    @Test func errorsDescribeTheirPosition() {
        #expect(JSONStreamError(offset: 1042, reason: "expected ':' after an object key").description
            == "malformed JSON at byte 1042: expected ':' after an object key")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let input = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONStreamError(offset: JSONStreamRedactor.maximumDepth,
                                        reason: "nesting deeper than \(JSONStreamRedactor.maximumDepth) levels")) {
            try stream(input, chunk: 65_536)
        }
        // redactJSON falls back to text for what it cannot parse.
        let (result, counts) = redactor.json(input)
        #expect(result == input)
        #expect(counts.isEmpty)
    }

    @Test func nestingWithinTheLimitStreams() throws {
        let depth = JSONStreamRedactor.maximumDepth
        let input = String(repeating: "[", count: depth) + #""ann@example.com""# + String(repeating: "]", count: depth)
        let (output, counts) = try stream(input, chunk: 4096)
        #expect(output == String(repeating: "[", count: depth) + #""[REDACTED:email]""# + String(repeating: "]", count: depth))
        #expect(counts == ["email": 1])
    }

    @Test func aSensitiveSubtreeIsSkippedWithBoundedOutput() throws {
        // A large sensitive array is never buffered: nothing is emitted until it closes.
        var stream = redactor.makeJSONStream()
        #expect(try stream.feed(Array(#"{"secret":["#.utf8)) == Array(#"{"secret":"#.utf8))
        let element = Array(#""0123456789abcdef","#.utf8)
        for _ in 0..<10_000 { #expect(try stream.feed(element).isEmpty) }
        let tail = try stream.feed(Array(#""x"]}"#.utf8)) + (try stream.finish())
        #expect(String(decoding: tail, as: UTF8.self) == #""[REDACTED:json-key]"}"#)
    }

    @Test func theFixtureHARStreamsWithoutLeaks() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/redactor/sample.har")
        let input = try String(contentsOf: url, encoding: .utf8)
        let (output, counts) = try stream(input, chunk: 7)
        for secret in ["hunter2", "abcdefgh12345678", "s3ss10n", "ann@example.com", "AKIAIOSFODNN7ABCDEFG", "k-9f8e7d"] {
            #expect(!output.contains(secret), "\(secret) leaked")
        }
        #expect(counts["json-key", default: 0] >= 1)
        _ = try JSONSerialization.jsonObject(with: Data(output.utf8))
    }
}
