import ChatAPI
import Hummingbird
import Logging

/// Outermost middleware: every error becomes a JSON ``APIError`` response, including Hummingbird's
/// own (unknown route, wrong method) and unexpected ones (logged, answered as a bare 500).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ChatRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ChatError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.translate(error).response(from: request, context: context)
        } catch {
            context.logger.error("Request failed unexpectedly", metadata: ["error": "\(error)"])
            return try ChatError(.internalServerError, "internal", "The server failed to handle this request; see its log.")
                .response(from: request, context: context)
        }
    }

    private static func translate(_ error: HTTPError) -> ChatError {
        switch error.status {
        case .notFound:
            return .notFound(error.body ?? "No route matches this path; see GET /models, /conversations and /rpc/*.")
        case .methodNotAllowed:
            return ChatError(.methodNotAllowed, "method_not_allowed", error.body ?? "This route does not accept this method.", headers: error.headers)
        default:
            let message = error.body ?? "The request failed with status \(error.status.code) (\(error.status.reasonPhrase))."
            return ChatError(error.status, error.status.code < 500 ? "bad_request" : "internal", message, headers: error.headers)
        }
    }
}
