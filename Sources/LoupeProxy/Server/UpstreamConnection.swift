import LoupeCore
import NIOCore

/// A connection to an upstream server, kept open between requests of one client connection
/// when both sides allow it.
final class UpstreamConnection {
    let channel: any Channel
    let endpoint: ProxyTarget.Endpoint
    let handler: UpstreamHandler
    /// Whether the last response ended cleanly and the connection may carry another request.
    var isReusable = false
    /// What the TLS handshake of this connection negotiated, read at its first response: parsing
    /// the server's certificate for every exchange cost a tenth of an HTTPS request's time.
    private var handshakeFacts: TLSInfo?

    /// Adds this connection's TLS facts (version, cipher suite, server certificate) to `tls`.
    func addHandshakeFacts(to tls: inout TLSInfo) {
        if handshakeFacts == nil {
            var facts = TLSInfo(intercepted: false)
            facts.addUpstreamFacts(of: channel)
            handshakeFacts = facts
        }
        tls.upstreamVersion = handshakeFacts?.upstreamVersion
        tls.upstreamCipherSuite = handshakeFacts?.upstreamCipherSuite
        tls.upstreamCertificate = handshakeFacts?.upstreamCertificate
    }

    init(channel: any Channel, endpoint: ProxyTarget.Endpoint, handler: UpstreamHandler) {
        self.channel = channel
        self.endpoint = endpoint
        self.handler = handler
    }

    /// Closes the connection without telling the owner (it has already let go of it).
    func close() {
        handler.owner = nil
        channel.close(promise: nil)
    }
}
