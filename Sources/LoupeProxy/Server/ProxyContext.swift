import Logging
import NIOCore
import NIOSSL

/// What every connection of one ``ProxyServer`` shares: settings, the log sink and the TLS
/// context for HTTPS upstreams. Immutable, so it is shared across event loops freely.
final class ProxyContext: Sendable {
    let configuration: ProxyServer.Configuration
    let sink: ProxyEventSink
    /// Nil when no TLS context could be made; HTTPS upstreams then get 502.
    let tls: NIOSSLContext?
    let logger: Logger

    init(configuration: ProxyServer.Configuration, sink: ProxyEventSink, logger: Logger) {
        self.configuration = configuration
        self.sink = sink
        self.logger = logger
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.applicationProtocols = ["http/1.1"]
        tls = try? NIOSSLContext(configuration: tlsConfiguration)
    }
}
