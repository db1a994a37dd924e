/// When and how long ``RetryMiddleware`` waits before sending a request again: exponential
/// backoff with jitter, capped, and a server's `Retry-After` when it gives one.
///
/// The wait before retry *n* (1 for the first retry) is
/// `min(initialDelay × multiplierⁿ⁻¹, maximumDelay) × (1 − jitter × r)` with `r` drawn uniformly
/// from 0 ..< 1, so attempts from many clients spread out but never wait longer than the cap.
public struct RetryPolicy: Sendable, Hashable {
    /// The most times one logical request is sent, the first included; 1 turns retries off.
    public var maximumAttempts: Int
    /// The wait before the first retry, before jitter.
    public var initialDelay: Duration
    /// Each further retry multiplies the wait by this factor.
    public var multiplier: Double
    /// The longest backoff wait.
    public var maximumDelay: Duration
    /// The fraction of each wait that is randomized, 0 (none) to 1 (anything from zero to the wait).
    public var jitter: Double
    /// The longest `Retry-After` the client waits for; a server asking for more gets its error
    /// (``NetworkError/rateLimited(retryAfter:)`` or ``NetworkError/server(status:)``) at once.
    public var maximumRetryAfter: Duration

    /// A policy; the defaults try 3 times, waiting about 0.5 s then 1 s.
    public init(maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maximumDelay: Duration = .seconds(10), jitter: Double = 0.5,
                maximumRetryAfter: Duration = .seconds(60)) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// No retries at all.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// Whether a response with this status may succeed when sent again: 429 and 5xx, except 501
    /// Not Implemented and 505 HTTP Version Not Supported, which never change.
    public func isRetryable(status: Int) -> Bool {
        status == 429 || ((500...599).contains(status) && status != 501 && status != 505)
    }

    /// The backoff wait before retry `retry` (1 for the first), with `random` in 0 ..< 1 as the jitter draw.
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        ExponentialBackoff.delay(step: retry, initial: initialDelay, multiplier: multiplier, maximum: maximumDelay,
                                 jitter: jitter, random: random)
    }
}
