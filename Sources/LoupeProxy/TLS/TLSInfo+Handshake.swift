import Foundation
import LoupeCore
import NIOCore
import NIOSSL
import X509

extension TLSInfo {
    /// Adds what the TLS handler of an upstream connection negotiated: the protocol version, the
    /// cipher suite and the server's certificate. Call on the channel's event loop, after the handshake.
    mutating func addUpstreamFacts(of channel: any Channel) {
        guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self) else { return }
        upstreamVersion = handler.tlsVersion?.loggedName
        upstreamCipherSuite = (try? channel.pipeline.syncOperations.handler(type: CipherSuiteObserver.self))?.cipherSuite
        if let peer = handler.peerCertificate, let certificate = try? X509.Certificate(derEncoded: peer.toDERBytes()) {
            upstreamCertificate = Certificate(subject: certificate.subject.description, issuer: certificate.issuer.description,
                                              notAfter: certificate.notValidAfter)
        }
    }
}

extension TLSVersion {
    /// The name logs use: `TLSv1.3`, `TLSv1.2`.
    var loggedName: String {
        switch self {
        case .tlsv1: "TLSv1.0"
        case .tlsv11: "TLSv1.1"
        case .tlsv12: "TLSv1.2"
        case .tlsv13: "TLSv1.3"
        }
    }
}

extension NIOTLSCipher {
    /// The IANA name logs use (`TLS_AES_128_GCM_SHA256`), or the code point (`0x1301`) for a
    /// suite swift-nio-ssl has no name for.
    var loggedName: String {
        Self.names[self] ?? String(format: "0x%04X", rawValue)
    }

    private static let names: [NIOTLSCipher: String] = [
        .TLS_RSA_WITH_AES_128_CBC_SHA: "TLS_RSA_WITH_AES_128_CBC_SHA",
        .TLS_RSA_WITH_AES_256_CBC_SHA: "TLS_RSA_WITH_AES_256_CBC_SHA",
        .TLS_PSK_WITH_AES_128_CBC_SHA: "TLS_PSK_WITH_AES_128_CBC_SHA",
        .TLS_PSK_WITH_AES_256_CBC_SHA: "TLS_PSK_WITH_AES_256_CBC_SHA",
        .TLS_RSA_WITH_AES_128_GCM_SHA256: "TLS_RSA_WITH_AES_128_GCM_SHA256",
        .TLS_RSA_WITH_AES_256_GCM_SHA384: "TLS_RSA_WITH_AES_256_GCM_SHA384",
        .TLS_AES_128_GCM_SHA256: "TLS_AES_128_GCM_SHA256",
        .TLS_AES_256_GCM_SHA384: "TLS_AES_256_GCM_SHA384",
        .TLS_CHACHA20_POLY1305_SHA256: "TLS_CHACHA20_POLY1305_SHA256",
        .TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
        .TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
        .TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
        .TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
        .TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA: "TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA",
        .TLS_ECDHE_PSK_WITH_AES_256_CBC_SHA: "TLS_ECDHE_PSK_WITH_AES_256_CBC_SHA",
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384: "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256: "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256: "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
    ]
}

