import Foundation
import LoupeCore
import PropertyBased
import TestServerSupport
import Testing
@testable import LoupeRedaction

/// Hostile input: random bytes, huge and pathological strings, deep nesting. The full default
/// rule set must finish on all of it without crashing, and what it returns must be stable.
@Suite struct RedactorRobustnessTests {
    let redactor = Redactor(ruleSet: .builtIn, hashKey: RedactionHashKey(bytes: [7]))

    static let fragmentList = [
        "ann@example.com", "ann%40example.com", "4111 1111 1111 1111", "+44 20 7946 0958", "AKIAIOSFODNN7ABCDEFG",
        "Bearer abcdefgh12345678", "password=", "\"", "\\", "{", "}", "[", "]", ":", ",", "%", "%4", "&", "=", "+",
        "eyJhbGciOiJIUzI1NiJ9", ".", " ", "\n", "\u{0}", "é", "😀", "[REDACTED:", "****", "tok", "\\u00", "https://",
    ]
    static let fragments = Gen.int(in: 0...(fragmentList.count - 1)).map { fragmentList[$0] }

    @Test func randomBytesNeverCrashAndRedactStably() async {
        await propertyCheck(count: 200, input: Gen<UInt8>.value(in: 0...255).array(of: 0...400)) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let (once, _) = redactor.text(text)
            #expect(redactor.text(once) == (once, [:]))
            _ = redactor.json(text)
            _ = redactor.url(text)
            _ = redactor.form(text)
            var stream = redactor.makeJSONStream()
            _ = try? stream.feed(bytes)
            _ = try? stream.finish()
        }
    }

    @Test func randomMixturesOfSecretsAndSyntaxRedactStably() async {
        await propertyCheck(count: 300, input: Self.fragments.array(of: 0...40)) { pieces in
            let text = pieces.joined()
            let redactions: [(String) -> (String, [String: Int])] = [redactor.text, redactor.json, redactor.url, redactor.form]
            for redact in redactions {
                let (once, _) = redact(text)
                let (twice, counts) = redact(once)
                #expect(twice == once, "\(text)")
                #expect(counts.isEmpty, "\(text)")
            }
        }
    }

    @Test func invalidUTF8InsideJSONStringsIsCopiedNotCrashedOn() throws {
        var stream = redactor.makeJSONStream()
        let input: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array(#" ann@example.com"}"#.utf8)
        let output = try stream.feed(input) + stream.finish()
        #expect(output == Array(#"{"a":""#.utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array(#" [REDACTED:email]"}"#.utf8))
    }

    @Test func aMegabyteOfOneCharacterCompletes() {
        for character in ["a", "1", "@", "=", " ", "%", "."] {
            let text = String(repeating: character, count: 1 << 20)
            let (result, _) = redactor.text(text)
            #expect(result.utf8.count > 0)
        }
    }

    @Test func pathologicalInputsCompleteQuickly() {
        let inputs = [
            String(repeating: "a@", count: 50_000),
            String(repeating: "1 ", count: 50_000),
            String(repeating: "a.", count: 50_000) + "@",
            "Bearer " + String(repeating: "=", count: 100_000),
            "password=" + String(repeating: "x", count: 100_000),
            String(repeating: "eyJ", count: 30_000),
            "-----BEGIN PRIVATE KEY-----" + String(repeating: "A", count: 100_000),
            String(repeating: "+1 (", count: 30_000),
            String(repeating: "%40", count: 30_000),
        ]
        // The limit catches backtracking gone wrong, which takes minutes, not slow builds: under
        // ThreadSanitizer's slowdown alone inputs took 10 s, hence the limit scaled for sanitizer runs.
        let limit = Duration.seconds(5).scaledForTests
        let clock = ContinuousClock()
        for input in inputs {
            let elapsed = clock.measure {
                _ = redactor.text(input)
                _ = redactor.url(input)
            }
            #expect(elapsed < limit, "\(input.prefix(20))… took \(elapsed)")
        }
    }

    @Test func deeplyNestedJSONCompletes() {
        let nested = String(repeating: "[", count: 100_000) + "\"ann@example.com\"" + String(repeating: "]", count: 100_000)
        let (result, counts) = redactor.json(nested)
        #expect(!result.contains("ann@example.com"))
        #expect(counts.values.reduce(0, +) >= 1)
        let objects = String(repeating: #"{"a":"#, count: 50_000) + "1" + String(repeating: "}", count: 50_000)
        #expect(redactor.json(objects).0.utf8.count == objects.utf8.count)
    }

    @Test func bodiesOfEveryKindSurviveGarbage() {
        let garbage = String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }, as: UTF8.self)
        for type in ["application/json", "application/x-www-form-urlencoded", "text/event-stream",
                     "multipart/form-data; boundary=x", "multipart/form-data", "text/plain", nil] as [String?] {
            var counts: [String: Int] = [:]
            let once = redactor.redactBody(garbage, contentType: type, counts: &counts)
            var again: [String: Int] = [:]
            #expect(redactor.redactBody(once, contentType: type, counts: &again) == once)
            #expect(again.isEmpty)
        }
    }
}
