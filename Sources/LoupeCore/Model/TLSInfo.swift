import Foundation

/// The TLS facts of one proxied exchange: whether Loupe terminated the client's TLS with its own
/// certificate authority (HTTPS interception), and what each side negotiated.
///
/// ```swift
/// var tls = TLSInfo(intercepted: true, serverName: "api.example.com")
/// tls.clientVersion = "TLSv1.3"
/// ```
public struct TLSInfo: Codable, Sendable, Hashable {
    /// The subject, issuer and expiry of a certificate, as shown to people.
    public struct Certificate: Codable, Sendable, Hashable {
        public var subject: String
        public var issuer: String
        public var notAfter: Date?

        public init(subject: String, issuer: String, notAfter: Date? = nil) {
            self.subject = subject
            self.issuer = issuer
            self.notAfter = notAfter
        }
    }

    /// Whether the client's TLS was terminated by Loupe with a leaf signed by its CA.
    public var intercepted: Bool
    /// The name the client asked for (SNI), or the CONNECT host when it sent none.
    public var serverName: String?
    /// The protocol version negotiated with the client (`TLSv1.3`), when intercepted.
    public var clientVersion: String?
    /// The cipher suite negotiated with the client (`TLS_AES_128_GCM_SHA256`), when intercepted.
    public var clientCipherSuite: String?
    /// The protocol version negotiated with the upstream server.
    public var upstreamVersion: String?
    /// The cipher suite negotiated with the upstream server.
    public var upstreamCipherSuite: String?
    /// The upstream server's certificate.
    public var upstreamCertificate: Certificate?
    /// False when the upstream certificate was not verified (`--upstream-insecure`).
    public var upstreamVerified: Bool

    public init(intercepted: Bool, serverName: String? = nil, clientVersion: String? = nil, clientCipherSuite: String? = nil,
                upstreamVersion: String? = nil, upstreamCipherSuite: String? = nil, upstreamCertificate: Certificate? = nil,
                upstreamVerified: Bool = true) {
        self.intercepted = intercepted
        self.serverName = serverName
        self.clientVersion = clientVersion
        self.clientCipherSuite = clientCipherSuite
        self.upstreamVersion = upstreamVersion
        self.upstreamCipherSuite = upstreamCipherSuite
        self.upstreamCertificate = upstreamCertificate
        self.upstreamVerified = upstreamVerified
    }
}
