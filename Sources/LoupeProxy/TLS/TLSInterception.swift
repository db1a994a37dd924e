import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1
import NIOSSL
import NIOTLS

/// The phase of a CONNECT tunnel that `--intercept` adds: read the client's ClientHello for the
/// name it wants (SNI), get a leaf for that name from the certificate cache (minted off the event
/// loop, once per host), then terminate the client's TLS with it and serve the decrypted requests
/// like any others, sent on to the real host over TLS.
enum TLSInterception {
    /// The handler that waits for the ClientHello of a tunnel to `host:port` on `channel`, and
    /// replaces itself with TLS termination and the HTTP proxy pipeline; and what disarms its
    /// handshake deadline and failure report when the tunnel turns out to carry plain HTTP.
    static func sniHandler(host: String, port: Int, interception: HTTPSInterception, shared: ProxyContext,
                           channel: any Channel) -> (handler: ByteToMessageHandler<SNIHandler>, abandon: () -> Void) {
        // The observer exists from the 200 on, so a client that never sends its ClientHello (or
        // never finishes the handshake) is closed and logged when the deadline passes.
        let observer = ClientHandshakeObserver(failure: ClientHandshakeObserver.failureEvent(host: host, port: port, serverName: host),
                                               sink: shared.sink)
        let boundObserver = NIOLoopBound(observer, eventLoop: channel.eventLoop)
        observer.deadline = channel.eventLoop.assumeIsolated().scheduleTask(in: interception.handshakeTimeout) {
            boundObserver.value.expire(channel: channel, after: interception.handshakeTimeout)
        }
        channel.closeFuture.assumeIsolated().whenComplete { _ in
            boundObserver.value.settle(failure: "The client closed the tunnel to \(host):\(port) before completing its TLS handshake; if it does not trust Loupe's CA, run `loupe ca` to see how to trust it.")
        }
        let handler = ByteToMessageHandler(SNIHandler { result in
            let serverName: String
            switch result {
            case .hostname(let name): serverName = name.lowercased()
            case .fallback: serverName = host
            }
            boundObserver.value.serverName = serverName
            return interception.certificates.leaf(for: serverName, eventLoop: channel.eventLoop)
                .flatMapThrowing { leaf in
                    let tls = try NIOSSLContext(configuration: serverConfiguration(for: leaf))
                    let origin = InterceptedOrigin(upstream: ProxyUpstream(host: host, port: port, usesTLS: true),
                                                   serverName: serverName)
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(CipherSuiteObserver(direction: .written))
                    try sync.addHandler(NIOSSLServerHandler(context: tls))
                    try sync.addHandler(boundObserver.value)
                    // HTTP/2 or HTTP/1.1, as the client and ALPN agree; a client that sends no
                    // ALPN gets HTTP/1.1.
                    try sync.addHandler(NIOTypedApplicationProtocolNegotiationHandler<Bool> { result, channel in
                        channel.eventLoop.makeCompletedFuture {
                            let sync = channel.pipeline.syncOperations
                            if case .negotiated("h2") = result {
                                try shared.addHTTP2ServerHandlers(to: channel, origin: origin)
                                return true
                            }
                            try shared.addHTTPServerHandlers(to: sync, origin: origin, sniffingHTTP2: false)
                            return false
                        }
                    })
                }
                .flatMapErrorThrowing { error in
                    // No leaf, no TLS: the tunnel is logged as failed and closed; the SNI handler
                    // waits for a future that never succeeds, so nothing is read from it again.
                    boundObserver.value.settle(failure: "Loupe could not make a certificate for \(serverName). \(error)")
                    channel.close(promise: nil)
                    throw error
                }
        })
        return (handler, { boundObserver.value.settle(failure: nil) })
    }

    /// The server side of an intercepted handshake: the leaf and its chain, HTTP/2 and HTTP/1.1
    /// offered in ALPN.
    static func serverConfiguration(for leaf: LeafCertificate) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: leaf.certificateChain.map { .certificate($0) }, privateKey: .privateKey(leaf.privateKey))
        configuration.applicationProtocols = ["h2", "http/1.1"]
        return configuration
    }
}
