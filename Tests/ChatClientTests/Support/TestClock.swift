import Foundation
import NIOConcurrencyHelpers

/// A clock tests move by hand, so tokens expire without waiting. It starts at a time with
/// milliseconds, so dates that lose them on the way are noticed.
final class TestClock: Sendable {
    private let current = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000.250))

    var now: Date { current.withLockedValue { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0.addTimeInterval(seconds) }
    }
}
