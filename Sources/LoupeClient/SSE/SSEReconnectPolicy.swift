import Foundation

/// How long an ``SSEClient`` waits before reconnecting: the server's `retry:` value when it sent
/// one, otherwise an exponential backoff capped at ``maximumDelay`` and spread by ``jitter`` so
/// that many clients dropped at once do not all come back at the same moment.
public struct SSEReconnectPolicy: Sendable, Hashable {
    /// The wait after the first failure when the server gave no `retry:`.
    public var initialDelay: Duration
    /// Each further consecutive failure multiplies the wait by this factor.
    public var multiplier: Double
    /// The longest backoff wait; a server's `retry:` is also capped here.
    public var maximumDelay: Duration
    /// The fraction of each backoff wait that is randomized downwards, 0 (none) to 1.
    public var jitter: Double

    /// A policy; the defaults match browsers' few seconds at first and stay under half a minute.
    public init(initialDelay: Duration = .seconds(1), multiplier: Double = 2,
                maximumDelay: Duration = .seconds(30), jitter: Double = 0.5) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
    }

    /// The wait before the next connection attempt.
    ///
    /// - Parameters:
    ///   - serverRetry: the reconnection time in milliseconds the stream last set, if any.
    ///   - consecutiveFailures: attempts in a row that failed or ended without an event (0 after
    ///     a stream that delivered events and then ended).
    ///   - random: the jitter draw in 0 ..< 1; 0 (the default) gives the full backoff wait.
    public func delay(serverRetry: Int?, consecutiveFailures: Int, random: Double = 0) -> Duration {
        if let serverRetry {
            // The server knows its own load best, so its value wins over the backoff, but a huge
            // value must not park the client for days.
            return min(.milliseconds(max(0, serverRetry)), maximumDelay)
        }
        guard consecutiveFailures > 0 else { return initialDelay }
        return ExponentialBackoff.delay(step: consecutiveFailures, initial: initialDelay, multiplier: multiplier,
                                        maximum: maximumDelay, jitter: jitter, random: random)
    }
}
