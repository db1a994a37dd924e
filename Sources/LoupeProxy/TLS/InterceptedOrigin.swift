/// Where the decrypted requests of one intercepted CONNECT tunnel go: the host and port the
/// client asked to tunnel to, over TLS, and the name it asked for in its handshake.
struct InterceptedOrigin: Sendable {
    /// The CONNECT target, as an HTTPS upstream.
    var upstream: ProxyUpstream
    /// The SNI name the client sent, or the CONNECT host without one.
    var serverName: String
}
