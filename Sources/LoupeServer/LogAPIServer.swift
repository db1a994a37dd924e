import Foundation
import Hummingbird
import Logging
import LoupeCore
import LoupeExport
import LoupeRedaction
import ServiceLifecycle
import Synchronization

/// The log API: serves a ``NetworkLogger`` over HTTP so a console or `loupe export` can attach to
/// a running proxy or app.
///
/// - `GET /v1/events?filter=EXPR&limit=N` — the stored events as a JSON array, oldest first.
/// - `GET /v1/events/stream?filter=EXPR` — `text/event-stream` of `added`, `updated` (SSE
///   appends included), `evicted`, `removed` and `cleared` changes, with a heartbeat comment.
/// - `GET /v1/export?format=zip|har|ndjson&filter=EXPR` — a verified export as a download.
/// - `GET /v1/stats` — counters, uptime and the rule set.
/// - `GET /v1/filter?filter=EXPR` — whether an expression parses (200 either way), and where not.
/// - `GET /` — the web inspector, a page over these routes (see `LogAPIServer+Inspector.swift`).
///
/// Every request carries the access token (``Configuration/accessToken``, random by default) as
/// `Authorization: Bearer TOKEN` or `?token=TOKEN`, or gets `401`; ``Running/inspectorURL`` is
/// the page's address with it. Unless ``Configuration/allowRemote``, a request whose `Host` or
/// `Origin` is not loopback gets `421` or `403` (DNS-rebinding pages and other sites' scripts).
/// A bad filter gets `400` with the
/// parse error's message and column. It is a swift-service-lifecycle
/// `Service`, so it can run in a `ServiceGroup` beside a proxy; ``run()`` returns on graceful shutdown.
///
/// ```swift
/// let server = LogAPIServer(logger: logger, configuration: .init(port: 0))
/// let running = try await server.start()   // or run it in your own ServiceGroup
/// print(running.inspectorURL)               // http://127.0.0.1:PORT/?token=…
/// await running.shutdown()
/// ```
public final class LogAPIServer: Service, Sendable {
    public let logger: NetworkLogger
    public let configuration: Configuration
    let ruleSet: RuleSet
    let startedAt = ContinuousClock.now
    /// The bound port once listening (or whether ``run()`` ended before it listened), and the
    /// callers of ``boundPort()`` waiting for either.
    private let listeningState = Mutex<(port: Int?, ended: Bool, waiters: [CheckedContinuation<Int?, Never>])>(
        (nil, false, []))

    public init(logger: NetworkLogger, configuration: Configuration = .init()) {
        self.logger = logger
        self.configuration = configuration
        ruleSet = configuration.ruleSet ?? (logger.configuration.redactor as? Redactor)?.ruleSet ?? .builtIn
    }

    /// Serves until the task is cancelled or graceful shutdown is triggered.
    ///
    /// - Throws: ``LogAPIServerError`` for a non-loopback host without ``Configuration/allowRemote``,
    ///   or the bind error when the port is taken.
    public func run() async throws {
        defer { resumeWaiters(port: nil) }
        guard configuration.isLoopback || configuration.allowRemote else {
            throw LogAPIServerError.remoteNotAllowed(configuration.host)
        }
        let application = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "loupe/\(Loupe.version)"),
            onServerRunning: { [self] channel in
                let bound = channel.localAddress?.port ?? configuration.port
                resumeWaiters(port: bound)
                configuration.logger.info("Log API listening.", metadata: ["address": "\(configuration.host):\(bound)"])
            },
            logger: configuration.logger)
        try await application.run()
    }

    /// The port the server listens on, waiting until it does.
    ///
    /// - Throws: ``LogAPIServerError`` when ``run()`` ended before listening (its own error says why).
    public func boundPort() async throws -> Int {
        let port: Int? = await withCheckedContinuation { continuation in
            let known: (port: Int?, ended: Bool) = listeningState.withLock { state in
                if state.port == nil, !state.ended { state.waiters.append(continuation) }
                return (state.port, state.ended)
            }
            if known.port != nil || known.ended { continuation.resume(returning: known.port) }
        }
        guard let port else { throw LogAPIServerError.stoppedBeforeListening }
        return port
    }

    /// Records that the server listens on `port`, or with `nil` that ``run()`` ended, and wakes
    /// the callers of ``boundPort()``.
    private func resumeWaiters(port: Int?) {
        let (waiters, bound) = listeningState.withLock { state in
            if let port { state.port = port } else { state.ended = true }
            defer { state.waiters.removeAll() }
            return (state.waiters, state.port)
        }
        for waiter in waiters { waiter.resume(returning: bound) }
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        if !configuration.allowRemote { router.add(middleware: LoopbackHostMiddleware()) }
        if let token = configuration.accessToken {
            router.add(middleware: AccessTokenMiddleware(token: token, openPaths: Self.openInspectorAssets))
        }
        router.get("/v1/events") { [self] request, _ in try await events(request) }
        router.get("/v1/events/stream") { [self] request, _ in try stream(request) }
        router.get("/v1/export") { [self] request, _ in try await export(request) }
        router.get("/v1/stats") { [self] _, _ in try await stats() }
        router.get("/v1/filter") { [self] request, _ in try checkFilter(request) }
        for path in Self.inspectorAssets.keys {
            router.get(RouterPath(path)) { [self] request, _ in try inspectorAsset(request) }
        }
        return router
    }
}
