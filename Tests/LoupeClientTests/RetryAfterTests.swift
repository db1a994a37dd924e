import Foundation
@testable import LoupeClient
import Testing

/// Parsing `Retry-After` values (RFC 9110 §10.2.3).
@Suite struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func readsDelaySeconds() {
        #expect(RetryAfter.delay("120", now: Self.now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: Self.now) == .zero)
        #expect(RetryAfter.delay("99999999999999999999999", now: Self.now)! > .seconds(60 * 60 * 24 * 365))
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:47 GMT", "Sunday, 06-Nov-94 08:49:47 GMT", "Sun Nov  6 08:49:47 1994"])
    func readsAllThreeHTTPDateForms(value: String) {
        #expect(RetryAfter.delay(value, now: Self.now) == .seconds(10))
    }

    @Test func aDateInThePastMeansNoWait() {
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: Self.now) == .zero)
    }

    @Test(arguments: ["", "-5", "1.5", "soon", "Sun, 06 Nov 1994"])
    func rejectsOtherValues(value: String) {
        #expect(RetryAfter.delay(value, now: Self.now) == nil)
    }
}
