import Foundation
import Hummingbird

/// Requires `Authorization: Bearer <access token>` and puts the token's user in the context.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = ChatRequestContext
    let store: ChatStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            throw ChatError.missingBearerToken
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw ChatError.unauthorized("The Authorization header must use the Bearer scheme: Authorization: Bearer <access token>.", invalidToken: false)
        }
        var context = context
        context.userID = try await store.authenticate(accessToken: String(parts[1]).trimmingCharacters(in: .whitespaces))
        return try await next(request, context)
    }
}
