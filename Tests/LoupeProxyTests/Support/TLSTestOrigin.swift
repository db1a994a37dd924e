import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTPS origin on 127.0.0.1 (a free port) answering every request with one JSON body, for the
/// proxy's HTTPS upstream tests. Plain channel handlers rather than `NIOAsyncChannel`: a TLS
/// connection the client rejects mid-handshake must not leave an unconsumed async channel behind.
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

    static func start(certificateFile: String, keyFile: String, body: String) async throws -> TLSTestOrigin {
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))))
        let received = NIOLockedValueBox<[String]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    let pipeline = child.pipeline.syncOperations
                    try pipeline.addHandler(NIOSSLServerHandler(context: tls))
                    try pipeline.configureHTTPServerPipeline()
                    try pipeline.addHandler(Responder(body: body, received: received))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSTestOrigin(channel: channel, received: received)
    }

    func stop() async throws {
        try await channel.close()
    }

    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let body: String
        let received: NIOLockedValueBox<[String]>

        init(body: String, received: NIOLockedValueBox<[String]>) {
            self.body = body
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                received.withLockedValue { $0.append(head.uri) }
            case .body:
                break
            case .end:
                let headers: HTTPHeaders = ["content-type": "application/json", "content-length": "\(body.utf8.count)"]
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
