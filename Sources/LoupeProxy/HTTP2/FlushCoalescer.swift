import NIOCore

/// Sits between an HTTP/2 connection's socket and its NIOHTTP2 handler and turns the flushes of
/// one event-loop tick into one: each of 32 streams flushing its own response would otherwise
/// cost a `writev` each, where one carries them all. A close flushes first, so the GOAWAY written
/// just before it still leaves.
final class FlushCoalescer: ChannelOutboundHandler {
    typealias OutboundIn = NIOAny

    private var flushPending = false

    func flush(context: ChannelHandlerContext) {
        guard !flushPending else { return }
        flushPending = true
        context.eventLoop.assumeIsolated().execute { [self] in
            flushPending = false
            context.flush()
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if flushPending {
            flushPending = false
            context.flush()
        }
        context.close(mode: mode, promise: promise)
    }
}
