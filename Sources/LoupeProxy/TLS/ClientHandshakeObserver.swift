import Foundation
import LoupeCore
import NIOCore
import NIOSSL
import NIOTLS

/// Watches the TLS handshake Loupe holds with an intercepted client, and leaves once it
/// succeeds. A client that rejects Loupe's certificate, speaks no TLS or leaves mid-handshake
/// becomes a failed tunnel event that says why, instead of a connection that silently closes.
final class ClientHandshakeObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private(set) var failure: NetworkEvent
    private let sink: ProxyEventSink
    private var settled = false
    /// Closes the tunnel if the handshake is not done in time (see ``expire(channel:after:)``).
    var deadline: Scheduled<Void>?

    /// The name the client asked for, once its ClientHello was read.
    var serverName: String {
        get { failure.tls?.serverName ?? "" }
        set { failure.tls?.serverName = newValue }
    }

    init(failure: NetworkEvent, sink: ProxyEventSink) {
        self.failure = failure
        self.sink = sink
    }

    /// Logs the tunnel as failed with `message`, unless the handshake already ended either way.
    func settle(failure message: String?, kind: EventError.Kind = .tls) {
        guard !settled else { return }
        settled = true
        deadline?.cancel()
        deadline = nil
        if let message { Self.report(failure, kind: kind, message: message, sink: sink) }
    }

    /// The deadline passed: a client still in its handshake is logged and closed.
    func expire(channel: any Channel, after timeout: TimeAmount) {
        guard !settled else { return }
        settle(failure: "The client did not complete its TLS handshake for \(serverName.isEmpty ? "the tunnel" : serverName) within \(timeout.nanoseconds / 1_000_000_000) s after CONNECT; the tunnel was closed.", kind: .timeout)
        channel.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tlsEvent = event as? TLSUserEvent, case .handshakeCompleted = tlsEvent, !settled {
            settle(failure: nil)
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !settled {
            settle(failure: Self.sentence(for: error, serverName: serverName))
            context.close(promise: nil)
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        settle(failure: "The client closed the connection during the TLS handshake for \(serverName); if it does not trust Loupe's CA, run `loupe ca` to see how to trust it.")
        context.fireChannelInactive()
    }

    /// The tunnel event logged when an intercepted handshake fails.
    static func failureEvent(host: String, port: Int, serverName: String) -> NetworkEvent {
        NetworkEvent(source: .tunnel, request: CapturedRequest(method: "CONNECT", url: ProxyTarget.connectAuthority(host: host, port: port)),
                     tunnel: TunnelInfo(host: host, port: port), tls: TLSInfo(intercepted: true, serverName: serverName))
    }

    /// Logs `event` as failed with `message`.
    static func report(_ event: NetworkEvent, kind: EventError.Kind = .tls, message: String, sink: ProxyEventSink) {
        sink.send(.record(event))
        sink.send(.finish(event.id, ProxyLogCommand.Finish(error: EventError(kind: kind, message: message))))
    }

    /// Why a client's handshake with Loupe failed, said so a person knows what to do.
    static func sentence(for error: any Error, serverName: String) -> String {
        let text = String(describing: error).uppercased()
        let hint = "A host that pins its certificate cannot be intercepted: list it in --ignore-hosts."
        if text.contains("UNKNOWN_CA") || text.contains("BAD_CERTIFICATE") || text.contains("CERTIFICATE_UNKNOWN")
            || text.contains("UNSUPPORTED_CERTIFICATE") || text.contains("ACCESS_DENIED") {
            return "The client rejected Loupe's certificate for \(serverName) (TLS alert): it does not trust Loupe's CA — run `loupe ca` to see how to trust it. \(hint)"
        }
        if text.contains("HTTP_REQUEST") || text.contains("WRONG_VERSION_NUMBER") || text.contains("UNKNOWN_PROTOCOL") {
            return "The client sent no TLS handshake after CONNECT to \(serverName); HTTPS interception expects TLS inside the tunnel."
        }
        if text.contains("NO_APPLICATION_PROTOCOL") || text.contains("ALPN") {
            return "The client offered no protocol Loupe speaks for \(serverName) (ALPN): it offers only HTTP/2, and intercepted connections speak HTTP/1.1 for now."
        }
        if case NIOSSLError.uncleanShutdown = error {
            return "The client closed the connection during the TLS handshake for \(serverName); if it does not trust Loupe's CA, run `loupe ca` to see how to trust it. \(hint)"
        }
        // In TLS 1.3 the client's alert is encrypted and often arrives unreadable (a bad record
        // MAC): a handshake that fails after Loupe sent its certificate is most often a client
        // rejecting it.
        return "The TLS handshake with the client for \(serverName) failed (\(error)); most often the client does not trust Loupe's CA — run `loupe ca` to see how to trust it. \(hint)"
    }
}
