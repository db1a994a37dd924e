import NIOCore

/// One end of a relay (a CONNECT tunnel, an upgraded WebSocket connection): copies bytes to its
/// partner on the other connection as they arrive, shows them to the relay's ``RelayObserver``,
/// and reads only while the partner can write (back-pressure). When either side closes, so does
/// the other.
final class TunnelGlueHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private(set) var partner: TunnelGlueHandler?
    /// Bytes read before the partner existed (a server that speaks first).
    private var early: [ByteBuffer] = []
    private let observer: any RelayObserver
    /// Whether this end reads what the client sends (counted as bytes up).
    private let carriesUpload: Bool
    private var context: ChannelHandlerContext?
    private var readHeld = false
    private var closed = false

    init(observer: any RelayObserver, carriesUpload: Bool) {
        self.observer = observer
        self.carriesUpload = carriesUpload
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    /// Joins two ends, passes on bytes one end read before, and starts reading on both: the
    /// HTTP handler that used to own the client connection had paused its reads.
    static func link(_ first: TunnelGlueHandler, _ second: TunnelGlueHandler) {
        first.partner = second
        second.partner = first
        for end in [first, second] {
            if !end.early.isEmpty {
                let early = end.early
                end.early = []
                for bytes in early { end.partner?.context?.write(end.wrapOutboundOut(bytes), promise: nil) }
                end.partner?.context?.flush()
            }
            end.context?.read()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if let partner {
            partner.context?.write(wrapOutboundOut(bytes), promise: nil)
        } else {
            early.append(bytes)
        }
        // After the write: the observer's side copy never delays the relay.
        observer.observe(bytes, upload: carriesUpload)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        partner?.context?.flush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !closed {
            closed = true
            observer.sideClosed(client: carriesUpload)
        }
        partner?.close()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.resumeReading() }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        if partner?.context?.channel.isWritable ?? true {
            context.read()
        } else {
            readHeld = true
        }
    }

    private func resumeReading() {
        guard readHeld, let context else { return }
        readHeld = false
        context.read()
    }

    /// Sends what was written to this end so far.
    func flush() {
        context?.flush()
    }

    /// Closes this end (after writing what is queued), e.g. because the partner closed.
    func close() {
        guard let context, context.channel.isActive else { return }
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).assumeIsolated()
            .whenComplete { _ in context.close(promise: nil) }
    }
}
