import Logging
import LoupeCore
@testable import LoupeProxy
import NIOCore
import NIOEmbedded
import Testing

/// What the proxy-request fuzzer (Fuzz/Sources/FuzzProxyRequest) needs and checks: a client
/// connection's pipeline on an `EmbeddedChannel`, whose loop cannot open upstream sockets.
@Suite struct ProxyFuzzRegressionTests {
    /// The pipeline every accepted connection gets, on an embedded channel, with `request` sent;
    /// returns what the proxy wrote back. The log's consumer is stopped at the end, as the
    /// proxy's shutdown does (left running, it outlived the test: a leak under ASan).
    private static func exchange(_ request: String, configuration: ProxyServer.Configuration = .init()) async throws -> String {
        let sink = ProxyEventSink(logger: NetworkLogger(), maxQueued: configuration.maxQueuedLogCommands, onFinished: nil)
        let context = ProxyContext(configuration: configuration, sink: sink, logger: Logger(label: "test"))
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try context.addHTTPServerHandlers(to: channel.pipeline.syncOperations)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
        try channel.writeInbound(ByteBuffer(string: request))
        channel.embeddedEventLoop.run()
        var reply = ""
        while let data = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { reply += String(buffer: buffer) }
        }
        await sink.close()
        return reply
    }

    @Test(arguments: [
        "GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    ])
    func aRequestOnALoopThatCannotOpenSocketsIsAnswered502InsteadOfStoppingTheProcess(_ request: String) async throws {
        // ClientBootstrap(group:) stops the process on an EmbeddedEventLoop; the handler now asks
        // ClientBootstrap(validatingGroup:) and answers like any failed upstream connection.
        let reply = try await Self.exchange(request)
        #expect(reply.hasPrefix("HTTP/1.1 502"), "\(reply.prefix(200))")
    }
}
