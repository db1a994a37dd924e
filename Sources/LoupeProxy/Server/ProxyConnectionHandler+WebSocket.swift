import LoupeCore
import NIOCore
import NIOHTTP1

/// The WebSocket phase of a client connection: after the upstream's `101 Switching Protocols`,
/// both connections leave HTTP and become a relay of raw bytes, with frames read along for the
/// log (``WebSocketRecorder``).
extension ProxyConnectionHandler {
    /// Relays the upstream's 101 to the client, with the `Upgrade` and `Connection` fields it
    /// needs; the relay starts at the response's end (``becomeWebSocket(_:context:)``).
    func switchToWebSocket(_ exchange: ProxyExchange, head: HTTPResponseHead, context: ChannelHandlerContext) {
        exchange.webSocketExtensions = head.headers.first(name: "sec-websocket-extensions")
        shared.sink.send(.webSocketOpened(exchange.id, extensions: exchange.webSocketExtensions))
        var headers = head.headers
        ProxyHeaders.stripHopByHop(&headers)
        ProxyHeaders.addWebSocketUpgrade(&headers)
        exchange.responseHeadSent = true
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .switchingProtocols,
                                                                     headers: headers))), promise: nil)
    }

    /// Hands both connections to a pair of glue handlers sharing a ``WebSocketRecorder``: from
    /// now on bytes are copied both ways as they arrive, with back-pressure, and the HTTP codecs
    /// and this handler leave the pipelines. Bytes either decoder read past the handshake are
    /// handed on as it leaves.
    func becomeWebSocket(_ exchange: ProxyExchange, context: ChannelHandlerContext) {
        guard let connection = detachUpstream() else {
            state = .closed
            context.close(promise: nil)
            return
        }
        exchange.responseEnded = true
        exchange.deadline = nil
        state = .closed
        let recorder = WebSocketRecorder(
            id: exchange.id, sink: shared.sink, extensions: exchange.webSocketExtensions, tls: exchange.tls,
            limit: configuration.maxBodyCapture, maxMessages: configuration.maxWebSocketMessages)
        let clientSide = TunnelGlueHandler(observer: recorder, carriesUpload: true)
        let serverSide = TunnelGlueHandler(observer: recorder, carriesUpload: false)
        do {
            let upstream = connection.channel.pipeline.syncOperations
            try upstream.addHandler(serverSide)
            _ = upstream.removeHandler(connection.handler)
            _ = upstream.removeHandler(name: Self.upstreamEncoderName)
            upstream.removeHandler(name: Self.upstreamDecoderName).assumeIsolated().whenSuccess { clientSide.flush() }
            try handOver(to: clientSide, relayingTo: serverSide, context: context)
        } catch {
            context.close(promise: nil)
            connection.channel.close(promise: nil)
        }
    }
}
