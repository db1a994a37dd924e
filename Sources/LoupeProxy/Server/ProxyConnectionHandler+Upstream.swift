import LoupeCore
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS

/// Opening upstream connections: TLS when the endpoint needs it, then HTTP/1.1 (the client codec
/// and an ``UpstreamHandler`` that hands responses back to the client's handler) or HTTP/2 (an
/// ``HTTP2UpstreamSession`` shared by the client connection's exchanges, one stream each).
extension ProxyConnectionHandler {
    /// Pipeline names of an upstream connection's HTTP codec, removed when it becomes a WebSocket relay.
    static let upstreamEncoderName = "loupe-upstream-encoder"
    static let upstreamDecoderName = "loupe-upstream-decoder"

    /// The protocol an upstream connection speaks once set up.
    enum UpstreamProtocol: Sendable {
        case http1
        case http2
    }

    /// A connection (or an HTTP/2 stream) to `endpoint` for the next exchange. `http1Only` for
    /// a WebSocket upgrade, which only HTTP/1.1 carries; `grpc` for a gRPC request, which only
    /// HTTP/2 does.
    func connect(to endpoint: ProxyTarget.Endpoint, http1Only: Bool, grpc: Bool,
                 context: ChannelHandlerContext) -> EventLoopFuture<UpstreamConnection>.Isolated {
        let loop = context.eventLoop
        if !http1Only, let session = sessions.session(for: endpoint) {
            return session.openStream(for: self)
        }
        if let connection = sessions.takeIdleConnection(to: endpoint) {
            connection.handler.owner = self
            return loop.makeSucceededFuture(connection).assumeIsolated()
        }
        if !http1Only, let pending = sessions.pendingConnection(to: endpoint) {
            // Another exchange is connecting there: its connection may be HTTP/2, to share.
            let promise = loop.makePromise(of: UpstreamConnection.self)
            pending.assumeIsolated().whenComplete { [self] _ in
                connect(to: endpoint, http1Only: http1Only, grpc: grpc, context: context)
                    .whenComplete { promise.assumeIsolated().completeWith($0) }
            }
            return promise.futureResult.assumeIsolated()
        }
        let owner = NIOLoopBound(self, eventLoop: loop)
        let tls = http1Only ? shared.tlsHTTP1 : shared.tls
        if endpoint.usesTLS, tls == nil {
            return loop.makeFailedFuture(ProxyConfigurationError("TLS is not available on this machine.")).assumeIsolated()
        }
        guard let bootstrap = ClientBootstrap(validatingGroup: loop) else {
            return loop.makeFailedFuture(Self.loopCannotConnect).assumeIsolated()
        }
        let version = http1Only ? .http1_1 : configuration.upstreamHTTPVersion
        let plainProtocol: UpstreamProtocol =
            version.usesHTTP2OverPlainTCP(grpc: grpc) ? .http2 : .http1
        let errors = NIOLoopBound(UpstreamErrorRecorder(), eventLoop: loop)
        let promise = loop.makePromise(of: UpstreamConnection.self)
        if !http1Only, endpoint.usesTLS ? version != .http1_1 : plainProtocol == .http2 {
            sessions.connecting(to: endpoint, until: promise.futureResult.map { _ in })
        }
        let started = NIODeadline.now()
        bootstrap
            .connectTimeout(configuration.upstreamTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    guard endpoint.usesTLS, let tls else {
                        return try Self.install(plainProtocol, on: channel, owner: owner.value)
                    }
                    let serverName = Self.isIPAddress(endpoint.host) ? nil : endpoint.host
                    try sync.addHandler(CipherSuiteObserver(direction: .read))
                    try sync.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    // The protocol is known once the handshake is done: the handlers for it are
                    // added before anything the server sent after it is passed on.
                    try sync.addHandler(NIOTypedApplicationProtocolNegotiationHandler<UpstreamProtocol> { result, channel in
                        let chosen: UpstreamProtocol =
                            switch result {
                            case .negotiated("h2"): .http2
                            case .negotiated: .http1
                            case .fallback: version == .http2 ? .http2 : .http1
                            }
                        return channel.eventLoop.makeCompletedFuture {
                            try Self.install(chosen, on: channel, owner: owner.value)
                            return chosen
                        }
                    })
                    try sync.addHandler(errors.value)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .failure(let error):
                    promise.fail(error)
                case .success(let channel):
                    let connected = NIODeadline.now()
                    Self.negotiatedProtocol(of: channel, plain: endpoint.usesTLS ? nil : plainProtocol)
                        .assumeIsolated()
                        .whenComplete { [self] negotiated in
                            switch negotiated {
                            case .failure(let error):
                                channel.close(promise: nil)
                                promise.fail(errors.value.first ?? error)
                            case .success(let chosen):
                                let setup = UpstreamConnection.Setup(
                                    connect: Self.milliseconds(connected - started),
                                    tls: endpoint.usesTLS ? Self.milliseconds(NIODeadline.now() - connected) : nil)
                                finishConnecting(channel, speaking: chosen, to: endpoint, setup: setup, promise: promise)
                            }
                        }
                }
            }
        return promise.futureResult.assumeIsolated()
    }

    /// The protocol of a new upstream connection: `plain`'s for plain TCP, else what ALPN chose
    /// once the TLS handshake is done.
    private static func negotiatedProtocol(of channel: any Channel, plain: UpstreamProtocol?) -> EventLoopFuture<UpstreamProtocol> {
        if let plain { return channel.eventLoop.makeSucceededFuture(plain) }
        let sync = channel.pipeline.syncOperations
        if let negotiation = try? sync.handler(type: NIOTypedApplicationProtocolNegotiationHandler<UpstreamProtocol>.self) {
            return negotiation.protocolNegotiationResult
        }
        // The negotiation finished already and its handler left the pipeline.
        return channel.eventLoop.makeSucceededFuture((try? sync.handler(type: UpstreamHandler.self)) != nil ? .http1 : .http2)
    }

    /// Completes `promise` with the HTTP/1.1 connection, or with the first stream of a new
    /// HTTP/2 session, which later exchanges of this client connection share.
    private func finishConnecting(_ channel: any Channel, speaking chosen: UpstreamProtocol, to endpoint: ProxyTarget.Endpoint,
                                  setup: UpstreamConnection.Setup, promise: EventLoopPromise<UpstreamConnection>) {
        do {
            let sync = channel.pipeline.syncOperations
            switch chosen {
            case .http1:
                let handler = try sync.handler(type: UpstreamHandler.self)
                let connection = UpstreamConnection(channel: channel, endpoint: endpoint, handler: handler)
                connection.setup = setup
                handler.connection = connection
                promise.assumeIsolated().succeed(connection)
            case .http2:
                let multiplexer = try sync.handler(type: NIOHTTP2Handler.self).syncMultiplexer()
                let session = HTTP2UpstreamSession(channel: channel, endpoint: endpoint, multiplexer: multiplexer)
                try sync.handler(type: HTTP2ConnectionGuard.self).onGoAway = { [weak session] in session?.goingAway = true }
                sessions.add(session)
                session.openStream(for: self).whenComplete { result in
                    if case .success(let connection) = result { connection.setup = setup }
                    promise.assumeIsolated().completeWith(result)
                }
            }
        } catch {
            channel.close(promise: nil)
            promise.fail(error)
        }
    }

    /// Adds the handlers of `chosen` to a new upstream connection: the HTTP/1.1 client codec and
    /// an ``UpstreamHandler`` for `owner`, or the HTTP/2 connection handlers (streams are opened
    /// per exchange).
    private static func install(_ chosen: UpstreamProtocol, on channel: any Channel, owner: ProxyConnectionHandler) throws {
        let sync = channel.pipeline.syncOperations
        switch chosen {
        case .http1:
            var encoderConfiguration = HTTPRequestEncoder.Configuration()
            encoderConfiguration.automaticallySetFramingHeaders = false
            try sync.addHandler(HTTPRequestEncoder(configuration: encoderConfiguration), name: Self.upstreamEncoderName)
            // Bytes after a 101 response belong to the new protocol: handed on when the decoder
            // leaves (see `becomeWebSocket`).
            try sync.addHandler(ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes)),
                                name: Self.upstreamDecoderName)
            try sync.addHandler(UpstreamHandler(owner: owner))
        case .http2:
            var settings = NIOHTTP2Handler.ConnectionConfiguration()
            settings.initialSettings = nioDefaultSettings + [HTTP2Setting(parameter: .enablePush, value: 0)]
            let http2 = NIOHTTP2Handler(mode: .client, eventLoop: channel.eventLoop, connectionConfiguration: settings,
                                        streamConfiguration: .init()) { stream in
                // An upstream does not open streams (server push is off): refuse any.
                stream.close()
            }
            try sync.addHandler(FlushCoalescer())
            try sync.addHandler(http2)
            try sync.addHandler(HTTP2ConnectionGuard())
        }
    }

    static func milliseconds(_ duration: TimeAmount) -> Double { Double(duration.nanoseconds) / 1_000_000 }

    /// Why no upstream connection can be opened from a loop without sockets (an `EmbeddedChannel`'s,
    /// in tests and the fuzzer): `ClientBootstrap(group:)` would stop the process there, whereas
    /// this failure is answered with 502 like any other.
    static let loopCannotConnect = ProxyConfigurationError("This connection's event loop cannot open sockets.")
}
