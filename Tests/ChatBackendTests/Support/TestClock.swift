import Foundation
import NIOConcurrencyHelpers

/// A clock tests move by hand, so token expiry needs no waiting.
final class TestClock: Sendable {
    private let current = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLockedValue { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0.addTimeInterval(seconds) }
    }
}
