import NIOCore

/// The first handler of a plain-HTTP client connection: a connection that opens with the HTTP/2
/// connection preface (RFC 9113 §3.4, "prior knowledge", as `curl --http2-prior-knowledge` and
/// gRPC clients send it) is handed to the HTTP/2 pipeline; any other is left to the HTTP/1.1
/// handlers behind this one, which keep their header deadline armed meanwhile.
final class HTTP2PrefaceSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`.
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// Replaces the HTTP/1.1 handlers after this one with HTTP/2 ones.
    private let becomeHTTP2: (_ sniffer: HTTP2PrefaceSniffer, _ context: ChannelHandlerContext) throws -> Void
    /// What arrived while it could still be either: a prefix of the preface.
    private var buffered: ByteBuffer?

    init(becomeHTTP2: @escaping (_ sniffer: HTTP2PrefaceSniffer, _ context: ChannelHandlerContext) throws -> Void) {
        self.becomeHTTP2 = becomeHTTP2
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if var earlier = buffered {
            earlier.writeBuffer(&bytes)
            bytes = earlier
            buffered = nil
        }
        let compared = min(bytes.readableBytes, Self.preface.count)
        let isPreface = bytes.readableBytesView.prefix(compared).elementsEqual(Self.preface.prefix(compared))
        if isPreface, compared < Self.preface.count {
            buffered = bytes
            return
        }
        if isPreface {
            do {
                try becomeHTTP2(self, context)
            } catch {
                context.close(promise: nil)
                return
            }
        }
        context.fireChannelRead(wrapInboundOut(bytes))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    typealias InboundOut = ByteBuffer
}
