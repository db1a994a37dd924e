import NIOCore
import NIOHTTP2

/// The last handler of an HTTP/2 connection's own pipeline (its streams have theirs): closes the
/// connection on a connection error — NIOHTTP2 has sent GOAWAY by then (a malformed frame, a
/// flood) — while a stream error, which reset only its stream, leaves it open; tells when the
/// peer sent GOAWAY and when the connection went away. The connection's own frames that reach
/// it (SETTINGS, PING, GOAWAY, already acted on by NIOHTTP2) end here.
final class HTTP2ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame

    var onGoAway: () -> Void
    private let onClose: () -> Void

    init(onGoAway: @escaping () -> Void = {}, onClose: @escaping () -> Void = {}) {
        self.onGoAway = onGoAway
        self.onClose = onClose
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway = unwrapInboundIn(data).payload { onGoAway() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is NIOHTTP2Errors.StreamError { return }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        onClose()
        context.fireChannelInactive()
    }
}
