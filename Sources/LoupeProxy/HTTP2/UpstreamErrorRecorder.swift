import NIOCore

/// Remembers the first error of an upstream connection that is still setting up (a failed TLS
/// handshake), which the negotiation's own failure ("output closed") would otherwise hide.
final class UpstreamErrorRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private(set) var first: (any Error)?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if first == nil { first = error }
        context.fireErrorCaught(error)
    }
}
