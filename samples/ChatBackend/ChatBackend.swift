import ChatAPI
import Foundation
import Hummingbird
import Logging

/// The sample chat backend: a Hummingbird server for the chat API in `ChatAPI`, with an
/// in-memory store, magic-link auth, SSE replies, a WebSocket echo at `/ws` and injectable faults.
///
/// ```swift
/// let backend = ChatBackend(configuration: .init(port: 0))
/// try await backend.withRunningServer { port in
///     // http://127.0.0.1:\(port)/models
/// }
/// ```
public struct ChatBackend: Sendable {
    /// Settings; all have defaults suited to tests (port 0, 60 s access tokens, no faults).
    public let configuration: Configuration
    /// The fault switches, changeable while the server runs.
    public let faults: FaultInjector
    let store: ChatStore
    let logger: Logger

    /// Creates a backend; nothing listens until ``run(onServerRunning:)`` or ``makeApplication(onServerRunning:)``.
    public init(configuration: Configuration = Configuration(), logger: Logger = Logger(label: "loupe.sample-backend")) {
        self.configuration = configuration
        self.logger = logger
        faults = FaultInjector(configuration: configuration.faults)
        store = ChatStore(
            lifetimes: .init(
                accessToken: configuration.accessTokenLifetime,
                refreshToken: configuration.refreshTokenLifetime,
                magicToken: configuration.magicTokenLifetime
            ),
            seedsNewUsers: configuration.seedsNewUsers,
            now: configuration.now
        )
    }

    /// The Hummingbird application serving the API on `configuration.host:port`. `onServerRunning`
    /// receives the bound port (useful with port 0) once the server accepts connections.
    public func makeApplication(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: makeRouter(),
            server: WebSocketEchoRoute.server(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "loupe-sample-backend"),
            onServerRunning: { channel in
                await onServerRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
    }

    /// Serves until the calling task is cancelled (no signal handling; the CLI adds that).
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(onServerRunning: onServerRunning).run()
    }

    func makeRouter() -> Router<ChatRequestContext> {
        let router = Router(context: ChatRequestContext.self)
        // Middleware applies to routes added after it: errors outermost, then faults, then auth.
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: FaultMiddleware(injector: faults))
        router.get("/health") { _, _ in Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "ok\n"))) }
        router.get("/models") { _, _ in try JSONResponse.make(ModelCatalog.all) }
        let authenticated = router.group().add(middleware: AuthMiddleware(store: store))
        AuthRoutes(store: store, revealMagicTokens: configuration.revealsMagicTokens).add(public: router, authenticated: authenticated)
        ConversationRoutes(store: store).add(to: authenticated)
        MessageStreamRoute(store: store, faults: faults, interval: configuration.streamInterval,
                           retryMilliseconds: configuration.streamRetryMilliseconds).add(to: authenticated)
        return router
    }
}
