import NIOCore
import NIOHTTP1
import NIOHTTP2

/// One HTTP/2 connection to an upstream, on which each exchange opens a stream: a stream channel
/// with NIOHTTP2's HTTP/1-to-HTTP/2 client codec and an ``UpstreamHandler``, so the exchange
/// drives it as it drives an HTTP/1.1 connection.
final class HTTP2UpstreamSession {
    let channel: any Channel
    let endpoint: ProxyTarget.Endpoint
    private let multiplexer: NIOHTTP2Handler.StreamMultiplexer
    /// Set when the upstream sent GOAWAY: streams already open finish, no new one starts here.
    var goingAway = false

    init(channel: any Channel, endpoint: ProxyTarget.Endpoint, multiplexer: NIOHTTP2Handler.StreamMultiplexer) {
        self.channel = channel
        self.endpoint = endpoint
        self.multiplexer = multiplexer
    }

    var takesNewStreams: Bool { channel.isActive && !goingAway }

    /// Opens a stream for `owner`'s next exchange.
    func openStream(for owner: ProxyConnectionHandler) -> EventLoopFuture<UpstreamConnection>.Isolated {
        let loop = channel.eventLoop
        let boundOwner = NIOLoopBound(owner, eventLoop: loop)
        let scheme: HTTP2FramePayloadToHTTP1ClientCodec.HTTPProtocol = endpoint.usesTLS ? .https : .http
        return multiplexer.createStreamChannel { stream in
            stream.eventLoop.makeCompletedFuture {
                let sync = stream.pipeline.syncOperations
                try sync.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: scheme))
                try sync.addHandler(UpstreamHandler(owner: boundOwner.value))
            }
        }
        .assumeIsolated()
        .flatMapThrowing { [self] stream in
            let handler = try stream.pipeline.syncOperations.handler(type: UpstreamHandler.self)
            let connection = UpstreamConnection(channel: stream, endpoint: endpoint, handler: handler, session: self)
            handler.connection = connection
            return connection
        }
    }

    func close() {
        channel.close(promise: nil)
    }
}
