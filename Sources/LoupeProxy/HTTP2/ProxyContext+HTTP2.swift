import NIOCore
import NIOHTTP1
import NIOHTTP2

/// The HTTP/2 side of client connections: prior knowledge on plain listeners, `h2` in ALPN on
/// intercepted TLS.
extension ProxyContext {
    /// How many streams a client may have open at once on one connection.
    static let maxConcurrentClientStreams = 256

    /// Adds the HTTP/2 server handlers to a client connection's pipeline (after `handler`, or
    /// last): each stream the client opens gets NIOHTTP2's HTTP/2-to-HTTP/1 codec and a
    /// ``ProxyConnectionHandler`` of its own, so one stream is one exchange, with the flow control
    /// and back-pressure of its stream channel. The streams of one connection share its HTTP/2
    /// upstream connections (``UpstreamSessions``).
    func addHTTP2ServerHandlers(to channel: any Channel, origin: InterceptedOrigin?,
                                after handler: (any ChannelHandler)? = nil) throws {
        let pipeline = channel.pipeline.syncOperations
        let sessions = NIOLoopBound(UpstreamSessions(), eventLoop: pipeline.eventLoop)
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: Self.maxConcurrentClientStreams),
            HTTP2Setting(parameter: .maxHeaderListSize, value: configuration.maxHeaderBytes),
        ]
        let headerTimeouts = headerTimeouts
        let idleCloser = HTTP2IdleCloser(connection: channel, timeout: configuration.headerTimeout) {
            headerTimeouts.withLockedValue { $0 += 1 }
        }
        let http2 = NIOHTTP2Handler(mode: .server, eventLoop: pipeline.eventLoop, connectionConfiguration: connection,
                                    streamConfiguration: .init(), streamDelegate: idleCloser) { [self] stream in
            stream.eventLoop.makeCompletedFuture {
                let sync = stream.pipeline.syncOperations
                try sync.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                try sync.addHandler(ProxyConnectionHandler(shared: self, origin: origin, clientStream: true,
                                                           sessions: sessions.value))
            }
        }
        let guardian = HTTP2ConnectionGuard(onClose: { sessions.value.closeAll() })
        let coalescer = FlushCoalescer()
        if let handler {
            try pipeline.addHandler(coalescer, position: .after(handler))
        } else {
            try pipeline.addHandler(coalescer)
        }
        try pipeline.addHandler(http2, position: .after(coalescer))
        try pipeline.addHandler(guardian, position: .after(http2))
    }
}
