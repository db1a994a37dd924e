import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS origin on 127.0.0.1 (a free port) for the interception tests: `/stream` answers with
/// three server-sent events 100 ms apart; every other path with JSON naming the path and the
/// request body's size.
///
/// Plain channel handlers rather than `NIOAsyncChannel`: a connection whose TLS handshake fails
/// closes inside the child initializer's pipeline, and an async channel made for it there would
/// be dropped unconsumed (its writer traps when released).
final class TLSTestOrigin: Sendable {
    private let channel: any Channel
    private let received: NIOLockedValueBox<[String]>
    let port: Int

    private init(channel: any Channel, received: NIOLockedValueBox<[String]>) {
        self.channel = channel
        self.received = received
        port = channel.localAddress!.port!
    }

    /// The request paths received so far.
    var paths: [String] { received.withLockedValue { $0 } }

    /// Starts an origin presenting `chain` (leaf first) with `key`.
    /// The size of `GET /big`'s body.
    static let bigSize = 8 << 20

    static func start(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) async throws -> TLSTestOrigin {
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key)))
        let received = NIOLockedValueBox<[String]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    let pipeline = child.pipeline.syncOperations
                    try pipeline.addHandler(NIOSSLServerHandler(context: tls))
                    try pipeline.configureHTTPServerPipeline()
                    try pipeline.addHandler(Responder(received: received))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSTestOrigin(channel: channel, received: received)
    }

    func stop() async {
        try? await channel.close()
    }

    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let received: NIOLockedValueBox<[String]>
        var path = ""
        var bodySize = 0

        init(received: NIOLockedValueBox<[String]>) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path = head.uri
                bodySize = 0
                received.withLockedValue { $0.append(head.uri) }
            case .body(let chunk):
                bodySize += chunk.readableBytes
            case .end:
                switch path {
                case "/stream": stream(context: context)
                case "/big": big(context: context)
                case "/hang": hang(context: context)
                default: answer(context: context)
                }
            }
        }

        private func answer(context: ChannelHandlerContext) {
            let body = #"{"path":"\#(path)","received":\#(bodySize)}"#
            let headers: HTTPHeaders = ["content-type": "application/json", "content-length": "\(body.utf8.count)"]
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        /// A response head and one chunk, and then nothing until the connection closes.
        private func hang(context: ChannelHandlerContext) {
            let headers: HTTPHeaders = ["content-type": "text/plain", "transfer-encoding": "chunked"]
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: "first\n")))), promise: nil)
        }

        /// ``TLSTestOrigin/bigSize`` bytes of `x`.
        private func big(context: ChannelHandlerContext) {
            let headers: HTTPHeaders = ["content-type": "application/octet-stream", "content-length": "\(TLSTestOrigin.bigSize)"]
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let body = context.channel.allocator.buffer(repeating: UInt8(ascii: "x"), count: TLSTestOrigin.bigSize)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        private func stream(context: ChannelHandlerContext) {
            let headers: HTTPHeaders = ["content-type": "text/event-stream", "transfer-encoding": "chunked"]
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let loop = context.eventLoop.assumeIsolated()
            for index in 0..<3 {
                loop.scheduleTask(in: .milliseconds(Int64(100 * (index + 1)))) { [self] in
                    let event = "data: {\"n\":\(index)}\n\n"
                    context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: event)))), promise: nil)
                    if index == 2 { context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil) }
                }
            }
        }
    }
}
