import LoupeCore
import NIOCore
import NIOSSL
import X509

extension TLSInfo {
    /// Adds what the TLS handler of an upstream connection negotiated: the protocol version and
    /// the server's certificate. Call on the channel's event loop, after the handshake.
    mutating func addUpstreamFacts(of channel: any Channel) {
        guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self) else { return }
        upstreamVersion = handler.tlsVersion?.loggedName
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
