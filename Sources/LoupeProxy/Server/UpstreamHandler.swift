import NIOCore
import NIOHTTP1

/// The upstream end of a proxied exchange: passes response parts to the client connection's
/// ``ProxyConnectionHandler`` and reads from the upstream only while the client can take more.
final class UpstreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// The client side; nil once it let go of this connection.
    weak var owner: ProxyConnectionHandler?
    weak var connection: UpstreamConnection?
    private var context: ChannelHandlerContext?
    private var readHeld = false
    private var reportedClose = false

    init(owner: ProxyConnectionHandler) {
        self.owner = owner
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Lets go of the context, which holds this handler: kept, the pair kept each other and the
    /// closed upstream channel alive (LeakSanitizer found every upstream connection leaked).
    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner?.upstreamRead(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        owner?.upstreamReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        if owner?.clientIsWritable ?? true {
            context.read()
        } else {
            readHeld = true
        }
    }

    /// Called when the client became writable again.
    func resumeReading() {
        guard readHeld, let context else { return }
        readHeld = false
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner?.upstreamWritabilityChanged(writable: context.channel.isWritable)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        reportClose(error: error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        reportClose(error: nil)
        context.fireChannelInactive()
    }

    private func reportClose(error: (any Error)?) {
        guard !reportedClose, let connection else { return }
        reportedClose = true
        owner?.upstreamClosed(connection, error: error)
    }
}
