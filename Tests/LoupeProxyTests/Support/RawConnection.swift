import Foundation
import NIOCore
import NIOPosix
import TestServerSupport

/// A plain TCP client for sending exact bytes (malformed requests, pipelining, CONNECT) and
/// reading the reply as text.
final class RawConnection {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    /// Everything received so far.
    private(set) var received = ""
    private(set) var isClosed = false

    private init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) throws {
        self.channel = channel
        self.iterator = channel.inbound.makeAsyncIterator()
        // A wedged proxy must fail the test rather than hang it: the reads end when this closes.
        let raw = channel.channel
        raw.eventLoop.scheduleTask(in: TimeAmount(Duration.seconds(15).scaledForTests)) { raw.close(promise: nil) }
    }

    deinit {
        // NIOAsyncChannel's writer must be finished before it is released.
        channel.outbound.finish()
        channel.channel.close(promise: nil)
    }

    /// Connects; `text`, when given, is written from the event loop as soon as the connection is
    /// up, so that a busy test machine cannot delay it past a short server timeout.
    static func connect(port: Int, sending text: String? = nil) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                guard let text else { return channel.eventLoop.makeSucceededVoidFuture() }
                return channel.pipeline.addHandler(SendOnActive(bytes: ByteBuffer(string: text)))
            }
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try RawConnection(channel: channel)
    }

    func send(_ text: String) async throws {
        try await channel.outbound.write(ByteBuffer(string: text))
    }

    func send(bytes: [UInt8]) async throws {
        try await channel.outbound.write(ByteBuffer(bytes: bytes))
    }

    /// Reads until `marker` has been received (true) or the connection closed (false).
    @discardableResult
    func read(until marker: String) async throws -> Bool {
        while !received.contains(marker) {
            guard let chunk = try await iterator.next() else {
                isClosed = true
                return false
            }
            received += String(buffer: chunk)
        }
        return true
    }

    /// Reads until the server closes the connection; returns everything received.
    func readToEnd() async throws -> String {
        while let chunk = try await iterator.next() { received += String(buffer: chunk) }
        isClosed = true
        return received
    }

    func close() async {
        try? await channel.channel.close()
    }

    /// Sends `request` on a new connection and returns the whole reply (the server must close).
    static func exchange(port: Int, _ request: String) async throws -> String {
        let connection = try await connect(port: port)
        try await connection.send(request)
        return try await connection.readToEnd()
    }
}

/// Writes its bytes when the channel becomes active, then steps out of the pipeline.
private final class SendOnActive: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private let bytes: ByteBuffer

    init(bytes: ByteBuffer) { self.bytes = bytes }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        context.fireChannelActive()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
