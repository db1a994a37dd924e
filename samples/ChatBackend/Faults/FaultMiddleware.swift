import ChatAPI
import Hummingbird

/// Applies injected faults before a request reaches its route: a delay, then a forced status
/// from the request's `X-Fault` header or the ``FaultInjector``. Stream faults are left in the
/// context for the message route.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = ChatRequestContext
    let injector: FaultInjector

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Health checks must stay reliable so scripts can tell "started" from "failing on purpose".
        if request.uri.path == "/health" {
            return try await next(request, context)
        }
        let overrides = try FaultOverrides(headers: request.headers)
        let configuration = await injector.configuration
        let forced = await injector.nextForcedStatus()
        if let delay = overrides.delay ?? (configuration.delay > .zero ? configuration.delay : nil) {
            try await Task.sleep(for: delay)
        }
        if let status = overrides.status ?? forced {
            if status == 204 {
                return Response(status: .noContent)
            }
            let retryAfter = overrides.retryAfterSeconds ?? configuration.retryAfterSeconds
            throw Self.error(status: status, retryAfter: retryAfter, requested: overrides.status != nil)
        }
        var context = context
        context.faults = overrides
        return try await next(request, context)
    }

    /// The error an injected status answers with; 429 and 503 carry `Retry-After`.
    static func error(status: Int, retryAfter: Int, requested: Bool) -> ChatError {
        let why = requested ? "requested by the \(FaultOverrides.Header.status) header" : "injected by the server's fault configuration"
        switch status {
        case 429:
            return ChatError(.tooManyRequests, "rate_limited", "Too many requests (\(why)); retry after \(retryAfter) seconds.",
                             headers: [.retryAfter: String(retryAfter)])
        case 503:
            return ChatError(.serviceUnavailable, "unavailable", "The service is unavailable (\(why)); retry after \(retryAfter) seconds.",
                             headers: [.retryAfter: String(retryAfter)])
        default:
            return ChatError(HTTPResponse.Status(code: status), "fault", "Failing with status \(status) on purpose (\(why)).")
        }
    }
}
