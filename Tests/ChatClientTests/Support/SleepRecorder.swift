import NIOConcurrencyHelpers

/// Stands in for the retry sleep: records each requested wait and returns at once.
final class SleepRecorder: Sendable {
    private let recorded = NIOLockedValueBox<[Duration]>([])

    /// The waits asked for so far, in order.
    var durations: [Duration] { recorded.withLockedValue { $0 } }

    func sleep(_ duration: Duration) async throws {
        try Task.checkCancellation()
        recorded.withLockedValue { $0.append(duration) }
    }
}
