/// What sends an ``APIRequest`` and returns the whole response, at the end of an
/// ``APIMiddlewareChain``. ``HTTPClientTransport`` is the real one; tests may use their own.
///
/// A transport returns every response, whatever its status, and throws only when no complete
/// response arrived (its errors are classified by the client: refused → offline, and so on).
public protocol APITransport: Sendable {
    /// Sends `request` and returns the complete response, within `request.timeout`.
    func send(_ request: APIRequest) async throws -> APIResponse
}
