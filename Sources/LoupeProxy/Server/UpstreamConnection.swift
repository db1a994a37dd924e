import LoupeCore
import NIOCore

/// A connection to an upstream server, kept open between requests of one client connection
/// when both sides allow it; or one stream of an HTTP/2 upstream connection (``session``), which
/// carries one exchange.
final class UpstreamConnection {
    /// The HTTP/1.1 connection, or the stream's channel.
    let channel: any Channel
    let endpoint: ProxyTarget.Endpoint
    let handler: UpstreamHandler
    /// The HTTP/2 connection this stream belongs to; nil for an HTTP/1.1 connection.
    let session: HTTP2UpstreamSession?
    /// Whether the last response ended cleanly and the connection may carry another request.
    var isReusable = false
    /// How long opening this connection took, for the first exchange over it (taken by
    /// ``takeSetup()``); later exchanges reuse the connection and took no time to set it up.
    var setup: Setup?

    /// The time to open the TCP connection and, for HTTPS, the TLS handshake after it, in milliseconds.
    struct Setup {
        var connect: Double
        var tls: Double?
    }

    /// ``setup``, once: the first exchange's.
    func takeSetup() -> Setup? {
        defer { setup = nil }
        return setup
    }
    /// What the TLS handshake of this connection negotiated, read at its first response: parsing
    /// the server's certificate for every exchange cost a tenth of an HTTPS request's time.
    private var handshakeFacts: TLSInfo?

    /// Adds this connection's TLS facts (version, cipher suite, server certificate) to `tls`.
    func addHandshakeFacts(to tls: inout TLSInfo) {
        if handshakeFacts == nil {
            var facts = TLSInfo(intercepted: false)
            facts.addUpstreamFacts(of: session?.channel ?? channel)
            handshakeFacts = facts
        }
        tls.upstreamVersion = handshakeFacts?.upstreamVersion
        tls.upstreamCipherSuite = handshakeFacts?.upstreamCipherSuite
        tls.upstreamCertificate = handshakeFacts?.upstreamCertificate
    }

    init(channel: any Channel, endpoint: ProxyTarget.Endpoint, handler: UpstreamHandler, session: HTTP2UpstreamSession? = nil) {
        self.channel = channel
        self.endpoint = endpoint
        self.handler = handler
        self.session = session
    }

    /// Closes the connection (or resets the stream, unless it has ended) without telling the
    /// owner (it has already let go of it).
    func close() {
        handler.owner = nil
        channel.close(promise: nil)
    }
}
