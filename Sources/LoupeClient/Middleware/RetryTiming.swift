import Foundation

/// The clock, sleep and random source ``RetryMiddleware`` uses, injectable so tests neither wait
/// nor depend on chance.
///
/// ```swift
/// let timing = RetryTiming(sleep: { _ in }, random: { 0 })   // retry at once, no jitter
/// ```
public struct RetryTiming: Sendable {
    /// Waits for a duration; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in 0 ..< 1 for the jitter.
    public var random: @Sendable () -> Double
    /// The current time, against which a `Retry-After` date is measured.
    public var now: @Sendable () -> Date

    /// Timing from the given parts; each defaults to the real one.
    public init(sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// The real clock, `Task.sleep` and the system random generator.
    public static let live = RetryTiming()
}
