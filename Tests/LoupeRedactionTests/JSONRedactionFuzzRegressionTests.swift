import Testing
@testable import LoupeRedaction

/// Inputs the JSON redaction fuzzer (Fuzz/Sources/FuzzJSONRedactor) found: a secret planted in a
/// body must not survive, however the text around it breaks the JSON.
@Suite struct JSONRedactionFuzzRegressionTests {
    static let redactor = Redactor(ruleSet: .builtIn)

    @Test func aKeyedSecretOnItsOwnLineInsideAStringWithRawLineFeedsIsRedacted() {
        // The fuzzer's body, shortened: the string opened on line 2 swallowed `semaphore_token: "`
        // (JSON strings may not hold raw line feeds, but the reader let them), so the rest was
        // redacted as text without the key that the rule needs next to the value.
        let body = "{\"a\":1}\n{\"\u{FFFD}\u{FFFD}l\u{FFFD}\nsemaphore_token: \"0fake1KEY2value3TEST4dum\"\n\u{FFFD}b\":[3,3]\n"
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactBody(body, contentType: "application/json", counts: &counts)
        #expect(!redacted.contains("0fake1KEY2value3TEST4dum"), "\(redacted)")
    }

    @Test func aRawControlCharacterInAStringFailsTheStreamAtTheStringsOpeningQuote() {
        var stream = Self.redactor.makeJSONStream()
        #expect(throws: JSONStreamError.self) { _ = try stream.feed(Array("{\"a\":\"x\ny\"}".utf8)) }
        do throws(JSONStreamError) {
            var again = Self.redactor.makeJSONStream()
            _ = try again.feed(Array("{\"a\":\"x\ty\"}".utf8))
            Issue.record("a raw tab was accepted")
        } catch {
            #expect(error.offset == 5)
        }
    }
}
