import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL

/// What every connection of one ``ProxyServer`` shares: settings, the log sink and the TLS
/// context for HTTPS upstreams. Immutable, so it is shared across event loops freely.
final class ProxyContext: Sendable {
    let configuration: ProxyServer.Configuration
    let sink: ProxyEventSink
    /// Nil when no TLS context could be made; HTTPS upstreams then get 502. It offers the
    /// protocols ``ProxyServer/Configuration/upstreamHTTPVersion`` allows in ALPN.
    let tls: NIOSSLContext?
    /// The same, offering HTTP/1.1 only: for a WebSocket upgrade, which HTTP/2 cannot carry.
    let tlsHTTP1: NIOSSLContext?
    let logger: Logger
    /// Client connections closed because no complete request header arrived within
    /// ``ProxyServer/Configuration/headerTimeout``.
    let headerTimeouts = NIOLockedValueBox(0)

    init(configuration: ProxyServer.Configuration, sink: ProxyEventSink, logger: Logger) {
        self.configuration = configuration
        self.sink = sink
        self.logger = logger
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.additionalTrustRoots = configuration.upstreamCAFiles.map { .file($0) }
        if configuration.upstreamInsecure { tlsConfiguration.certificateVerification = .none }
        tlsConfiguration.applicationProtocols = ["http/1.1"]
        tlsHTTP1 = try? NIOSSLContext(configuration: tlsConfiguration)
        tlsConfiguration.applicationProtocols = configuration.upstreamHTTPVersion.applicationProtocols
        tls = try? NIOSSLContext(configuration: tlsConfiguration)
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderListSize = configuration.maxHeaderBytes
        limits.maxHeaderFieldSize = configuration.maxHeaderBytes
        limits.maxHeaderFieldCount = max(limits.maxHeaderFieldCount, configuration.maxHeaderBytes / 64)
        decoderLimits = limits
    }

    /// The request decoder's limits, from ``ProxyServer/Configuration/maxHeaderBytes``.
    let decoderLimits: NIOHTTPDecoderLimitConfiguration

    /// Adds the HTTP/1.1 server codec and a ``ProxyConnectionHandler`` to a client connection's
    /// pipeline: at accept time, or after TLS termination of an intercepted tunnel (`origin`).
    /// Unless the connection is TLS, an ``HTTP2PrefaceSniffer`` goes first: a client that opens
    /// with the HTTP/2 preface (h2c with prior knowledge) gets the HTTP/2 handlers instead.
    func addHTTPServerHandlers(to pipeline: ChannelPipeline.SynchronousOperations, origin: InterceptedOrigin? = nil,
                               sniffingHTTP2 sniffs: Bool = true) throws {
        if sniffs {
            try pipeline.addHandler(HTTP2PrefaceSniffer { [self] sniffer, context in
                try replaceHTTP1Handlers(after: sniffer, of: context.channel, origin: origin)
            })
        }
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        try pipeline.addHandler(HTTPResponseEncoder(configuration: encoderConfiguration), name: ProxyConnectionHandler.encoderName)
        try pipeline.addHandler(RequestLineGuard(), name: Self.requestLineGuardName)
        try pipeline.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes,
                                                    informationalResponseStrategy: .drop,
                                                    limitConfiguration: decoderLimits)),
            name: ProxyConnectionHandler.decoderName)
        try pipeline.addHandler(ProxyConnectionHandler(shared: self, origin: origin), name: Self.connectionHandlerName)
    }

    static let requestLineGuardName = "loupe-request-line-guard"
    static let connectionHandlerName = "loupe-connection"

    /// Adds the HTTP/2 handlers right after the sniffer, so the preface it passes on reaches them,
    /// and removes the HTTP/1.1 ones ``addHTTPServerHandlers(to:origin:sniffingHTTP2:)`` added
    /// behind it (the decoder leaves on a later loop tick; nothing reaches it meanwhile).
    private func replaceHTTP1Handlers(after sniffer: HTTP2PrefaceSniffer, of channel: any Channel,
                                      origin: InterceptedOrigin?) throws {
        try addHTTP2ServerHandlers(to: channel, origin: origin, after: sniffer)
        let pipeline = channel.pipeline.syncOperations
        for name in [ProxyConnectionHandler.encoderName, Self.requestLineGuardName, ProxyConnectionHandler.decoderName,
                     Self.connectionHandlerName] {
            _ = pipeline.removeHandler(name: name)
        }
    }
}
