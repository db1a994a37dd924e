/// Middleware in order, outermost first, ending in a transport: what an ``APIClient`` sends each
/// request through. It can be built and used alone, which is how the middleware are tested.
///
/// ```swift
/// let chain = APIMiddlewareChain([RequestIDMiddleware(), LoggingMiddleware(networkLogger: logger)],
///                                transport: HTTPClientTransport(httpClient: .shared))
/// let response = try await chain.send(request)
/// ```
public struct APIMiddlewareChain: Sendable {
    /// The middleware, outermost (first to see a request) first.
    public let middleware: [any APIMiddleware]
    /// What finally sends each request.
    public let transport: any APITransport

    /// A chain of `middleware` in front of `transport`.
    public init(_ middleware: [any APIMiddleware], transport: any APITransport) {
        self.middleware = middleware
        self.transport = transport
    }

    /// Sends `request` through every middleware and the transport.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        let transport = transport
        var handler: APIHandler = { try await transport.send($0) }
        for step in middleware.reversed() {
            let next = handler
            handler = { try await step.intercept($0, next: next) }
        }
        return try await handler(request)
    }
}
