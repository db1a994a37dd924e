/// Answers a 401 on an authenticated request by asking the ``SessionController`` for a new
/// token (one refresh however many requests got a 401 at once) and sending the request once
/// more with it.
///
/// A refresh the server rejects signs the session out, and the request fails with
/// ``NetworkError/session(_:)``; a second 401 after a successful refresh goes back as it is (the
/// client reports ``NetworkError/unauthorized``). Every request it sends carries the session's
/// latest token, so a retry after another request's refresh does not resend a stale one.
public struct RefreshMiddleware: APIMiddleware {
    private let session: SessionController?

    /// A middleware that refreshes through `session`.
    public init(session: SessionController?) {
        self.session = session
    }

    public func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
        guard request.requiresAuth, let session else { return try await next(request) }
        var request = request
        if let current = await session.accessToken, Self.bearerToken(of: request) != current {
            request.setHeader("Authorization", "Bearer \(current)")
        }
        let response = try await next(request)
        guard response.status == 401 else { return response }
        let token = try await session.refresh(rejectedAccessToken: Self.bearerToken(of: request))
        request.setHeader("Authorization", "Bearer \(token)")
        return try await next(request)
    }

    /// The token of the request's `Authorization: Bearer` header.
    static func bearerToken(of request: APIRequest) -> String? {
        guard let value = request.headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
