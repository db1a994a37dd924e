import ChatAPI
import Foundation
import Hummingbird

/// Per-request context: Hummingbird's core storage plus the signed-in user set by ``AuthMiddleware``.
struct ChatRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The user of a valid bearer token; `nil` on routes without authentication.
    var userID: String?
    /// Faults this request asked for with `X-Fault-*` headers, set by ``FaultMiddleware``.
    var faults = FaultOverrides()

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    var requestDecoder: ChatRequestDecoder { ChatRequestDecoder() }

    /// The authenticated user; routes behind ``AuthMiddleware`` always have one.
    func requireUser() throws -> String {
        guard let userID else {
            throw ChatError.missingBearerToken
        }
        return userID
    }
}
