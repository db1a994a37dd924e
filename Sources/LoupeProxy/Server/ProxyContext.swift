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
    /// Nil when no TLS context could be made; HTTPS upstreams then get 502.
    let tls: NIOSSLContext?
    let logger: Logger
    /// Client connections closed because no complete request header arrived within
    /// ``ProxyServer/Configuration/headerTimeout``.
    let headerTimeouts = NIOLockedValueBox(0)

    init(configuration: ProxyServer.Configuration, sink: ProxyEventSink, logger: Logger) {
        self.configuration = configuration
        self.sink = sink
        self.logger = logger
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.applicationProtocols = ["http/1.1"]
        tlsConfiguration.additionalTrustRoots = configuration.upstreamCAFiles.map { .file($0) }
        if configuration.upstreamInsecure { tlsConfiguration.certificateVerification = .none }
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
    func addHTTPServerHandlers(to pipeline: ChannelPipeline.SynchronousOperations, origin: InterceptedOrigin? = nil) throws {
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        try pipeline.addHandler(HTTPResponseEncoder(configuration: encoderConfiguration), name: ProxyConnectionHandler.encoderName)
        try pipeline.addHandler(RequestLineGuard())
        try pipeline.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes,
                                                    informationalResponseStrategy: .drop,
                                                    limitConfiguration: decoderLimits)),
            name: ProxyConnectionHandler.decoderName)
        try pipeline.addHandler(ProxyConnectionHandler(shared: self, origin: origin))
    }
}
