import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix

/// An HTTP/2 origin with prior knowledge on 127.0.0.1 (a free port) that misbehaves on demand:
/// `GET /reset` resets its stream without answering, `GET /goaway` answers and then sends GOAWAY
/// on its connection; anything else gets `200 ok <path>`. It counts the connections it accepted.
final class HTTP2TestOrigin: Sendable {
    let port: Int
    private let channel: any Channel
    private let accepted: NIOLockedValueBox<Int>

    /// How many connections it has accepted.
    var connections: Int { accepted.withLockedValue { $0 } }

    private init(port: Int, channel: any Channel, accepted: NIOLockedValueBox<Int>) {
        self.port = port
        self.channel = channel
        self.accepted = accepted
    }

    static func start() async throws -> HTTP2TestOrigin {
        let accepted = NIOLockedValueBox(0)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                accepted.withLockedValue { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                            try stream.pipeline.syncOperations.addHandler(Responder())
                        }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return HTTP2TestOrigin(port: channel.localAddress!.port!, channel: channel, accepted: accepted)
    }

    func stop() async {
        try? await channel.close()
    }

    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var path = ""

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): path = head.uri
            case .body: break
            case .end:
                if path == "/reset" { return context.close(promise: nil) }  // RST_STREAM(CANCEL)
                let body = "ok \(path)"
                let headers: HTTPHeaders = ["content-type": "text/plain", "content-length": "\(body.utf8.count)"]
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                if path == "/goaway", let parent = context.channel.parent,
                   let id = try? context.channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID) {
                    let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: id, errorCode: .noError, opaqueData: nil))
                    parent.writeAndFlush(goAway, promise: nil)
                }
            }
        }
    }
}
