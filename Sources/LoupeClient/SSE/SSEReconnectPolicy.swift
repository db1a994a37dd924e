import Foundation

/// How long an ``SSEClient`` waits before reconnecting: the server's `retry:` value when it sent
/// one, otherwise an exponential backoff capped at ``maximumDelay``.
public struct SSEReconnectPolicy: Sendable, Hashable {
    /// The wait after the first failure when the server gave no `retry:`.
    public var initialDelay: Duration
    /// Each further consecutive failure multiplies the wait by this factor.
    public var multiplier: Double
    /// The longest backoff wait; a server's `retry:` is also capped here.
    public var maximumDelay: Duration

    /// A policy; the defaults match browsers' few seconds at first and stay under half a minute.
    public init(initialDelay: Duration = .seconds(1), multiplier: Double = 2,
                maximumDelay: Duration = .seconds(30)) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The wait before the next connection attempt.
    ///
    /// - Parameters:
    ///   - serverRetry: the reconnection time in milliseconds the stream last set, if any.
    ///   - consecutiveFailures: attempts in a row that failed or ended without an event (0 after
    ///     a stream that delivered events and then ended).
    public func delay(serverRetry: Int?, consecutiveFailures: Int) -> Duration {
        if let serverRetry {
            // The server knows its own load best, so its value wins over the backoff, but a huge
            // value must not park the client for days.
            return min(.milliseconds(max(0, serverRetry)), maximumDelay)
        }
        guard consecutiveFailures > 0 else { return initialDelay }
        let factor = pow(max(1, multiplier), Double(min(consecutiveFailures - 1, 62)))
        let seconds = Double(initialDelay.components.seconds)
            + Double(initialDelay.components.attoseconds) / 1e18
        let maximumSeconds = Double(maximumDelay.components.seconds)
            + Double(maximumDelay.components.attoseconds) / 1e18
        return .milliseconds(Int64(min(seconds * factor, maximumSeconds) * 1000))
    }
}
