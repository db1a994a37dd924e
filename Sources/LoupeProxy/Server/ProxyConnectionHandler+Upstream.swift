import LoupeCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Opening upstream connections: TLS when the endpoint needs it, the HTTP/1.1 client codec and an
/// ``UpstreamHandler`` that hands responses back to the client's handler.
extension ProxyConnectionHandler {
    /// Pipeline names of an upstream connection's HTTP codec, removed when it becomes a WebSocket relay.
    static let upstreamEncoderName = "loupe-upstream-encoder"
    static let upstreamDecoderName = "loupe-upstream-decoder"

    func connect(to endpoint: ProxyTarget.Endpoint,
                         context: ChannelHandlerContext) -> EventLoopFuture<UpstreamConnection>.Isolated {
        let loop = context.eventLoop
        let owner = NIOLoopBound(self, eventLoop: loop)
        let tls = shared.tls
        if endpoint.usesTLS, tls == nil {
            return loop.makeFailedFuture(ProxyConfigurationError("TLS is not available on this machine.")).assumeIsolated()
        }
        guard let bootstrap = ClientBootstrap(validatingGroup: loop) else {
            return loop.makeFailedFuture(Self.loopCannotConnect).assumeIsolated()
        }
        return bootstrap
            .connectTimeout(configuration.upstreamTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                do {
                    let sync = channel.pipeline.syncOperations
                    if endpoint.usesTLS, let tls {
                        let serverName = Self.isIPAddress(endpoint.host) ? nil : endpoint.host
                        try sync.addHandler(CipherSuiteObserver(direction: .read))
                        try sync.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    var encoderConfiguration = HTTPRequestEncoder.Configuration()
                    encoderConfiguration.automaticallySetFramingHeaders = false
                    try sync.addHandler(HTTPRequestEncoder(configuration: encoderConfiguration), name: Self.upstreamEncoderName)
                    // Bytes after a 101 response belong to the new protocol: handed on when the
                    // decoder leaves (see `becomeWebSocket`).
                    try sync.addHandler(ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes)),
                                        name: Self.upstreamDecoderName)
                    try sync.addHandler(UpstreamHandler(owner: owner.value))
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .assumeIsolated()
            .flatMapThrowing { channel in
                let handler = try channel.pipeline.syncOperations.handler(type: UpstreamHandler.self)
                let connection = UpstreamConnection(channel: channel, endpoint: endpoint, handler: handler)
                handler.connection = connection
                return connection
            }
    }

    /// Why no upstream connection can be opened from a loop without sockets (an `EmbeddedChannel`'s,
    /// in tests and the fuzzer): `ClientBootstrap(group:)` would stop the process there, whereas
    /// this failure is answered with 502 like any other.
    static let loopCannotConnect = ProxyConfigurationError("This connection's event loop cannot open sockets.")
}
