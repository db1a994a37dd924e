import NIOCore

/// The first phase of an intercepted CONNECT tunnel: its first byte says what it carries. A TLS
/// handshake record (`0x16`) goes on to TLS termination; anything else is taken for plain HTTP —
/// a `ws://` or `http://` connection a client opened through the proxy with CONNECT, as browsers
/// and WebSocket libraries do — and is served by the HTTP proxy pipeline, unencrypted, with the
/// CONNECT target as its origin.
final class TunnelContentSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// Adds the handlers for TLS (`true`) or plain HTTP after this one.
    private let install: (_ tls: Bool, _ after: TunnelContentSniffer) throws -> Void
    private var decided = false

    init(install: @escaping (_ tls: Bool, _ after: TunnelContentSniffer) throws -> Void) {
        self.install = install
    }

    /// The first byte of a TLS handshake record (RFC 8446 §5.1).
    static let handshakeRecord: UInt8 = 0x16

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if !decided, let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) {
            decided = true
            do {
                try install(first == Self.handshakeRecord, self)
            } catch {
                context.close(promise: nil)
                return
            }
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
