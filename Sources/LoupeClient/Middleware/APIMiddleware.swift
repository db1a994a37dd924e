/// The rest of the chain, as a middleware sees it: sends a request and returns its response.
public typealias APIHandler = @Sendable (APIRequest) async throws -> APIResponse

/// One step of the ``APIClient`` request pipeline. A middleware may change the request, call
/// `next` any number of times (retries), and inspect or replace the response.
///
/// Middleware throw ``NetworkError`` for failures they decide on and pass other errors through;
/// the client turns whatever reaches it into a ``NetworkError``. A response with an error status
/// is a response, not an error, until it leaves the chain.
///
/// ```swift
/// struct UserAgentMiddleware: APIMiddleware {
///     func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
///         var request = request
///         request.setHeader("User-Agent", "chat/1.0")
///         return try await next(request)
///     }
/// }
/// ```
public protocol APIMiddleware: Sendable {
    /// Handles `request`, usually by passing it (changed or not) to `next`.
    func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse
}
