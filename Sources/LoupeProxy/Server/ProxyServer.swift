import Logging
import LoupeCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// Loupe's HTTP proxy: forward mode (absolute-form requests and CONNECT tunnels) or reverse mode
/// in front of one upstream, logging every exchange into a ``NetworkLogger``.
///
/// Bodies stream through with bounded memory; the log gets a side copy limited by
/// ``Configuration/maxBodyCapture``, and event streams are logged event by event as they pass.
///
/// ```swift
/// let logger = NetworkLogger(configuration: .redacting())
/// let proxy = ProxyServer(configuration: .init(), networkLogger: logger)
/// let address = try await proxy.start()     // 127.0.0.1:8080
/// …
/// await proxy.shutdown()
/// ```
public final class ProxyServer: Sendable {
    /// The settings this proxy was created with.
    public let configuration: Configuration
    /// Where every exchange is logged (redacted at ingest by the logger's redactor).
    public let networkLogger: NetworkLogger

    private let group: any EventLoopGroup
    let shared: ProxyContext
    private let state = NIOLockedValueBox(State())

    private struct State {
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    /// A proxy that is not listening yet.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen, forward or reverse mode, limits.
    ///   - networkLogger: The log every exchange goes to.
    ///   - eventLoopGroup: The loops serving connections; NIO's shared group by default.
    ///   - logger: Where the proxy reports its own conditions (never per exchange).
    ///   - onExchangeFinished: Gets the stored, redacted form of each exchange once it ends (the
    ///     CLI prints its access log from it); called off the event loops.
    public init(configuration: Configuration, networkLogger: NetworkLogger,
                eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                logger: Logger = Logger(label: "loupe.proxy"),
                onExchangeFinished: (@Sendable (NetworkEvent) -> Void)? = nil) {
        self.configuration = configuration
        self.networkLogger = networkLogger
        self.group = eventLoopGroup
        let sink = ProxyEventSink(logger: networkLogger, maxQueued: configuration.maxQueuedLogCommands, onFinished: onExchangeFinished)
        self.shared = ProxyContext(configuration: configuration, sink: sink, logger: logger)
    }

    /// Starts listening and returns the bound address (useful with port 0).
    ///
    /// - Throws: ``ProxyConfigurationError`` for a non-loopback address without `allowRemote`, or
    ///   the socket error when the address cannot be bound.
    @discardableResult
    public func start() async throws -> SocketAddress {
        try configuration.validate()
        let shared = self.shared
        let state = self.state
        let maxConnections = configuration.maxConnections
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                let admitted = state.withLockedValue { state in
                    guard state.connections.count < maxConnections else { return false }
                    state.connections[ObjectIdentifier(channel)] = channel
                    return true
                }
                guard admitted else { return channel.close() }
                channel.closeFuture.whenComplete { _ in
                    state.withLockedValue { _ = $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
                }
                return channel.eventLoop.makeCompletedFuture {
                    try shared.addHTTPServerHandlers(to: channel.pipeline.syncOperations)
                }
            }
            .bind(host: configuration.host, port: configuration.port)
            .get()
        state.withLockedValue { $0.listener = channel }
        guard let address = channel.localAddress else { throw ProxyConfigurationError("The proxy socket has no address.") }
        shared.logger.info("Proxy listening.", metadata: ["address": "\(address)"])
        return address
    }

    /// The address the proxy listens on, once started.
    public var localAddress: SocketAddress? {
        state.withLockedValue { $0.listener?.localAddress }
    }

    /// How many client connections are open now.
    public var openConnections: Int {
        state.withLockedValue { $0.connections.count }
    }

    /// How many exchanges were proxied but not logged because the logger fell too far behind.
    public var droppedExchanges: Int { shared.sink.counts.dropped }

    /// How many exchanges and tunnels the proxy began. Once ``flushLog()`` returns, each is
    /// accounted for exactly once in the logger's stats (when this proxy is its only source):
    /// `forwardedExchanges == ingested + droppedEvents`, where `ingested` counts the logged
    /// exchanges and those the capture filter left out (``NetworkLogger/Stats/filteredOut``).
    public var forwardedExchanges: Int { shared.sink.counts.forwarded }

    /// How many client connections were closed because no complete request header arrived within
    /// ``Configuration/headerTimeout`` (slow or idle clients).
    public var headerTimeouts: Int { shared.headerTimeouts.withLockedValue { $0 } }

    /// Stops accepting connections, gives open ones up to `gracePeriod` to finish, closes the rest,
    /// and waits until every queued log update has reached the logger.
    public func shutdown(gracePeriod: Duration = .seconds(5)) async {
        let listener = state.withLockedValue { state in
            defer { state.listener = nil }
            return state.listener
        }
        try? await listener?.close()
        let deadline = ContinuousClock.now + gracePeriod
        while openConnections > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let remaining = state.withLockedValue { Array($0.connections.values) }
        for channel in remaining { try? await channel.close() }
        await shared.sink.close()
    }

    /// Waits until every log update queued so far has been applied (for tests and exports).
    public func flushLog() async {
        await shared.sink.drain()
    }
}
