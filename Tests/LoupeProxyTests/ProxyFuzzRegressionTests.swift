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
        String(decoding: try await exchange(bytes: Array(request.utf8), configuration: configuration), as: UTF8.self)
    }

    private static func exchange(bytes request: [UInt8], chunkSize: Int = .max,
                                 configuration: ProxyServer.Configuration = .init()) async throws -> [UInt8] {
        let sink = ProxyEventSink(logger: NetworkLogger(), maxQueued: configuration.maxQueuedLogCommands, onFinished: nil)
        let context = ProxyContext(configuration: configuration, sink: sink, logger: Logger(label: "test"))
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try context.addHTTPServerHandlers(to: channel.pipeline.syncOperations)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
        for start in stride(from: 0, to: request.count, by: min(chunkSize, max(request.count, 1))) where channel.isActive {
            try channel.writeInbound(ByteBuffer(bytes: request[start..<min(request.count, start + chunkSize)]))
            channel.embeddedEventLoop.run()
        }
        channel.embeddedEventLoop.run()
        var reply: [UInt8] = []
        while let data = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { reply += buffer.readableBytesView }
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

    /// The preface, SETTINGS, and a GET on stream 1 (HPACK static entries and a literal authority).
    static let http2Get: [UInt8] = HTTP2PrefaceSniffer.preface + [0, 0, 0, 4, 0, 0, 0, 0, 0]
        + [0, 0, 6, 1, 5, 0, 0, 0, 1, 0x82, 0x86, 0x84, 0x41, 0x01, UInt8(ascii: "a")]

    /// The frames in `bytes`: (type, flags, stream), or nil when a frame is cut short.
    static func frames(_ bytes: [UInt8]) -> [(type: UInt8, flags: UInt8, stream: Int)]? {
        var frames: [(type: UInt8, flags: UInt8, stream: Int)] = []
        var position = 0
        while position < bytes.count {
            guard position + 9 <= bytes.count else { return nil }
            let length = Int(bytes[position]) << 16 | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2])
            let stream = bytes[(position + 5)..<(position + 9)].reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF
            frames.append((bytes[position + 3], bytes[position + 4], stream))
            position += 9 + length
            guard position <= bytes.count else { return nil }
        }
        return frames
    }

    @Test(arguments: [1, 5, Int.max])
    func thePrefaceInAnyChunkingGetsHTTP2AndAStreamTheLoopCannotForwardIs502(chunkSize: Int) async throws {
        let reply = try await Self.exchange(bytes: Self.http2Get, chunkSize: chunkSize)
        let frames = try #require(Self.frames(reply), "\(reply.prefix(64))")
        #expect(frames.first?.type == 4)  // SETTINGS first
        // The response HEADERS on stream 1 (its :status is HPACK-encoded), then its body ending the stream.
        #expect(frames.contains { $0.type == 1 && $0.stream == 1 })
        #expect(frames.contains { $0.type == 0 && $0.stream == 1 && $0.flags & 1 == 1 })
        #expect(!String(decoding: reply, as: UTF8.self).contains("HTTP/1.1"))
    }

    @Test func aPrefaceCutShortThenHTTP1IsServedAsHTTP1() async throws {
        // "PRI" could begin the preface; what follows shows it is an (unknown-method) HTTP/1.1 request.
        let reply = String(decoding: try await Self.exchange(bytes: Array("PRI /x HTTP/1.1\r\nHost: a\r\n\r\n".utf8), chunkSize: 2),
                           as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.1 "), "\(reply.prefix(100))")
    }
}
