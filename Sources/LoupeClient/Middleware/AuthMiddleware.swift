/// Adds `Authorization: Bearer …` from the ``SessionController`` to requests whose endpoint
/// requires auth, refreshing the token first when it is about to expire.
///
/// Without a session (none configured, or signed out) such a request fails with
/// ``NetworkError/unauthorized`` here, before anything is sent or logged.
public struct AuthMiddleware: APIMiddleware {
    private let session: SessionController?

    /// A middleware that takes tokens from `session`.
    public init(session: SessionController?) {
        self.session = session
    }

    public func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
        try await next(authorized(request))
    }

    /// `request` with the session's bearer token when it requires auth, unchanged otherwise.
    func authorized(_ request: APIRequest) async throws(NetworkError) -> APIRequest {
        guard request.requiresAuth else { return request }
        guard let session else { throw .unauthorized }
        let token = try await session.validAccessToken()
        var request = request
        request.setHeader("Authorization", "Bearer \(token)")
        return request
    }
}
