import NIOCore
import NIOPosix

/// A raw TCP connection of the soak benchmark: exact bytes out (well-formed or not), text in,
/// read until a condition holds or the peer closes.
struct SoakConnection {
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    /// Everything received so far (bytes that are not UTF-8 are replaced).
    private(set) var received = ""

    /// Connects to 127.0.0.1:`port`, runs `body` on the connection and closes it, failing with
    /// ``BenchmarkError`` when it takes longer than `timeout`.
    static func with<Result: Sendable>(port: Int, timeout: Duration,
                                       _ body: @Sendable @escaping (inout SoakConnection) async throws -> Result) async throws -> Result {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    var connection = SoakConnection(outbound: outbound, inbound: inbound.makeAsyncIterator())
                    return try await body(&connection)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let result = try await group.next(), let result else {
                    throw BenchmarkError("a soak connection took longer than \(timeout)")
                }
                return result
            }
        }
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    func send(_ bytes: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: bytes))
    }

    /// Reads until `done` holds for everything received, or the peer closes (false then).
    mutating func read(until done: (String) -> Bool) async throws -> Bool {
        while !done(received) {
            guard let chunk = try await inbound.next() else { return false }
            received += String(decoding: chunk.readableBytesView, as: UTF8.self)
        }
        return true
    }

    /// Reads until the peer closes; a reset counts as closed.
    mutating func readToEnd() async throws {
        do {
            while let chunk = try await inbound.next() {
                received += String(decoding: chunk.readableBytesView, as: UTF8.self)
            }
        } catch let error as IOError where error.errnoCode == ECONNRESET {
            return
        }
    }

    /// Forgets what was received so far (between responses on one connection).
    mutating func clear() {
        received = ""
    }
}
