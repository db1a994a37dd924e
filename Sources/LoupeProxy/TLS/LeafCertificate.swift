import Foundation
import NIOSSL

/// A server certificate for one host, signed by Loupe's CA, ready for a `NIOSSLServerHandler`.
///
/// ```swift
/// let leaf = try authority.issueLeaf(for: "api.example.com")
/// var configuration = TLSConfiguration.makeServerConfiguration(
///     certificateChain: leaf.certificateChain.map { .certificate($0) },
///     privateKey: .privateKey(leaf.privateKey))
/// ```
public struct LeafCertificate: Sendable, CustomStringConvertible {
    /// The host the certificate names, normalized: a lower-case DNS name, or an IP address's
    /// canonical text (`::1`, without brackets).
    public let host: String
    /// The leaf first, then the CA certificate, as a TLS server sends them.
    public let certificateChain: [NIOSSLCertificate]
    /// The leaf's private key. Every leaf of one ``CertificateAuthority`` value shares it.
    public let privateKey: NIOSSLPrivateKey
    /// When the leaf expires: at most 397 days after its `notBefore`, never after the CA.
    public let notAfter: Date

    /// Names the host and expiry only; a leaf's key stays out of logs.
    public var description: String {
        "LeafCertificate(\(host), valid until \(CertificateAuthority.displayDate(notAfter)))"
    }
}
