import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// The fast local origin of the proxy benchmarks, run as a child process (`loupe-bench
/// --serve-origin`) so its CPU time is not the proxy's: `GET /` answers 12 bytes, `GET /sse`
/// streams events whose data is the monotonic send time in nanoseconds. With `--tls CHAIN KEY`
/// (a PEM certificate chain and a DER private key) it speaks HTTPS, HTTP/1.1 only; with `--h2c`
/// it speaks HTTP/2 with prior knowledge only, each stream answered as above.
enum BenchOrigin {
    static let sseEventCount = 200
    static let sseInterval = TimeAmount.milliseconds(5)

    /// Serves on a free loopback port, prints the port on standard output, and exits when
    /// standard input closes.
    static func serve() -> Never {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let arguments = Array(CommandLine.arguments.dropFirst(2))
            let tls = try tlsContext(arguments: arguments)
            let http2 = arguments.first == "--h2c"
            let channel = try ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                        if http2 {
                            var settings = NIOHTTP2Handler.ConnectionConfiguration()
                            settings.initialSettings = [HTTP2Setting(parameter: .maxConcurrentStreams, value: 1000)]
                            _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                                mode: .server, connectionConfiguration: settings, streamConfiguration: .init()
                            ) { stream in
                                stream.eventLoop.makeCompletedFuture {
                                    try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                                    try stream.pipeline.syncOperations.addHandler(OriginHandler())
                                }
                            }
                            return
                        }
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(OriginHandler())
                    }
                }
                .bind(host: "127.0.0.1", port: 0).wait()
            print(channel.localAddress!.port!)
            fflush(nil)
        } catch {
            FileHandle.standardError.write(Data("bench origin: \(error)\n".utf8))
            exit(1)
        }
        _ = FileHandle.standardInput.readDataToEndOfFile()
        exit(0)
    }

    /// The server TLS context for `--tls CHAIN KEY`, nil without `--tls`.
    private static func tlsContext(arguments: [String]) throws -> NIOSSLContext? {
        guard arguments.first == "--tls" else { return nil }
        guard arguments.count == 3 else { throw BenchmarkError("--serve-origin --tls needs a PEM chain and a DER key") }
        let chain = try NIOSSLCertificate.fromPEMFile(arguments[1]).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: arguments[2], format: .der)
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        configuration.applicationProtocols = ["http/1.1"]
        return try NIOSSLContext(configuration: configuration)
    }

    /// Monotonic nanoseconds, comparable across processes on one machine.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    private final class OriginHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var uri = "/"

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                uri = head.uri
            case .body:
                break
            case .end:
                if uri.hasPrefix("/sse") { streamEvents(context: context) } else { answer(context: context) }
            }
        }

        private func answer(context: ChannelHandlerContext) {
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: "text/plain")
            headers.add(name: "content-length", value: "12")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "hello world\n")))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        private func streamEvents(context: ChannelHandlerContext) {
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: "text/event-stream")
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            send(remaining: BenchOrigin.sseEventCount, context: context)
        }

        private func send(remaining: Int, context: ChannelHandlerContext) {
            guard remaining > 0 else {
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            let event = "data: \(BenchOrigin.now())\n\n"
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: event)))), promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: BenchOrigin.sseInterval) {
                self.send(remaining: remaining - 1, context: context)
            }
        }
    }
}
