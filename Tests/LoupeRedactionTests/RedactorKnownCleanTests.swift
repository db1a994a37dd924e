import Testing
@testable import LoupeRedaction

/// The redactor remembers short header lines and URLs it found clean; what it remembers must never
/// change an answer, in whatever order texts arrive.
@Suite struct RedactorKnownCleanTests {
    @Test func aCleanValueUnderOneNameIsStillRedactedUnderAListedName() {
        let redactor = RedactorTestRules.redactor()
        #expect(redactor.header("X-Trace", "k-123") == ("k-123", [:]))
        #expect(redactor.header("X-Trace", "k-123") == ("k-123", [:]))
        #expect(redactor.header("X-API-Key", "k-123") == ("[REDACTED:header]", ["header": 1]))
    }

    @Test func whereTheNameEndsAndTheValueBeginsIsPartOfWhatIsRemembered() {
        let redactor = RedactorTestRules.redactor()
        // "X-API-Ke" + "yk-123" and "X-API-Key" + "k-123" have the same bytes end to end.
        #expect(redactor.header("X-API-Ke", "yk-123") == ("yk-123", [:]))
        #expect(redactor.header("X-API-Key", "k-123") == ("[REDACTED:header]", ["header": 1]))
    }

    @Test func aHeaderAndAURLWithTheSameTextAreRememberedApart() {
        let redactor = RedactorTestRules.redactor()
        let target = "/cb?token=abc123"
        _ = redactor.header("X-Note", target)  // a header value: no query rules (it is not a URL)
        #expect(redactor.url(target) == ("/cb?token=[REDACTED:query-param]", ["query-param": 1]))
        #expect(redactor.url("/cb?page=2") == ("/cb?page=2", [:]))
        #expect(redactor.url("/cb?page=2") == ("/cb?page=2", [:]))
    }

    @Test func secretsAreRedactedAndCountedEveryTime() {
        let redactor = RedactorTestRules.redactor()
        for _ in 0..<3 {
            #expect(redactor.header("Authorization", "Bearer abc.def.ghi") == ("Bearer [REDACTED:bearer-token]", ["bearer-token": 1]))
            #expect(redactor.header("X-Forwarded-For", "ann@example.com") == ("[REDACTED:email]", ["email": 1]))
            #expect(redactor.url("/u?token=abc123") == ("/u?token=[REDACTED:query-param]", ["query-param": 1]))
        }
    }

    @Test func aValueThatIsAlreadyAPlaceholderStaysAsItIsEveryTime() {
        let redactor = RedactorTestRules.redactor()
        for _ in 0..<2 {
            #expect(redactor.header("X-API-Key", "[REDACTED:header]") == ("[REDACTED:header]", [:]))
        }
    }

    @Test func textsTooLongToRememberAreRedactedAsBefore() {
        let redactor = RedactorTestRules.redactor()
        let long = String(repeating: "a", count: 300) + " ann@example.com"
        for _ in 0..<2 {
            #expect(redactor.header("X-Note", long) == (String(repeating: "a", count: 300) + " [REDACTED:email]", ["email": 1]))
        }
    }
}
