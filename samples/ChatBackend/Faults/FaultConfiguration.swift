/// Failures the backend injects on purpose so clients' retry, backoff, refresh and reconnect
/// paths can be demonstrated and tested. Everything is off by default.
///
/// Requests are counted from 1 in arrival order (`GET /health` is never counted nor failed).
/// A request can also ask for a fault itself with headers; see ``FaultOverrides``.
public struct FaultConfiguration: Sendable, Equatable {
    /// Answer 503 Service Unavailable to the first N requests.
    public var unavailableFirst: Int = 0
    /// Answer 503 to every Nth request (the Nth, 2Nth, …); `nil` for never.
    public var unavailableEvery: Int?
    /// Answer 429 Too Many Requests to the first N requests (after any forced 503s).
    public var rateLimitedFirst: Int = 0
    /// Answer 429 to every Nth request; `nil` for never.
    public var rateLimitedEvery: Int?
    /// The `Retry-After` value, in seconds, sent with injected 429 and 503 answers.
    public var retryAfterSeconds: Int = 1
    /// Wait this long before answering every request (slow-server simulation).
    public var delay: Duration = .zero
    /// Close the connection after this many events of every message stream, without ending
    /// the chunked body, as a dropped network would; `nil` for never.
    public var dropStreamAfter: Int?
    /// Answer message streams with 204 No Content (which tells SSE clients to stop reconnecting).
    public var streamNoContent: Bool = false

    /// No faults.
    public init() {}
}
