import Foundation
import LoupeCore
import NIOCore
import TestServerSupport

/// A SwiftNIO server on 127.0.0.1 (a free port) whose responses each test scripts byte for byte,
/// so status lines, headers, odd line ends, byte order marks and dropped connections can be sent
/// exactly. It records every request it receives and which connections the client closed.
///
/// ```swift
/// let server = try await RawHTTPTestServer.start { connection in
///     try await connection.sendHead()
///     try await connection.send("data: hi\n\n")
/// }  // returning closes the connection
/// defer { Task { await server.stop() } }
/// ```
final class RawHTTPTestServer: Sendable {
    /// One parsed request: method, target, headers and body.
    struct ReceivedRequest: Sendable {
        let method: String
        let target: String
        let headers: [HTTPHeader]
        let body: String

        /// Parses a request whose head and `Content-Length` body are complete in `bytes`.
        static func parse(_ bytes: [UInt8]) -> ReceivedRequest? {
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            guard let headEnd = bytes.firstRange(of: separator) else { return nil }
            let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            guard requestLine.count >= 2 else { return nil }
            let headers = lines.compactMap { line -> HTTPHeader? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return HTTPHeader(name: String(line[..<colon]),
                                  value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            let length = headers["content-length"].flatMap { Int($0) } ?? 0
            let body = bytes[headEnd.upperBound...]
            guard body.count >= length else { return nil }
            return ReceivedRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
                                   body: String(decoding: body.prefix(length), as: UTF8.self))
        }
    }

    /// The response side of one accepted connection, handed to the test's script.
    struct Connection: Sendable {
        /// 0 for the first connection the server accepted, 1 for the next, …
        let index: Int
        let request: ReceivedRequest
        fileprivate let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
        fileprivate let channel: any Channel
        fileprivate let state: State

        /// Writes a status line and headers; by default a 200 event stream without a length, so
        /// the body lasts until the connection closes.
        func sendHead(status: String = "200 OK",
                      headers: [(String, String)] = [("Content-Type", "text/event-stream")]) async throws {
            var head = "HTTP/1.1 \(status)\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            try await send(head + "\r\n")
        }

        /// Writes `text`'s UTF-8 bytes exactly as given.
        func send(_ text: String) async throws {
            try await send(bytes: Array(text.utf8))
        }

        /// Writes `bytes` exactly as given.
        func send(bytes: [UInt8]) async throws {
            try await outbound.write(ByteBuffer(bytes: bytes))
        }

        /// Closes the connection from the server side.
        func close() async {
            try? await channel.close()
        }

        /// Returns once the connection is closed (by either side), or when the task is cancelled.
        func waitUntilClosed() async {
            while !(await state.closed.contains(index)), !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
    }

    /// What a test decides for each connection; the connection is closed when it returns.
    typealias Script = @Sendable (Connection) async throws -> Void

    /// The server's records, shared between connection handlers and the test.
    fileprivate actor State {
        var requests: [ReceivedRequest] = []
        var closed: Set<Int> = []

        func record(_ request: ReceivedRequest) { requests.append(request) }
        func markClosed(_ index: Int) { closed.insert(index) }
    }

    /// The port the server listens on.
    let port: Int
    private let state: State
    private let connections: AcceptLoop<NIOAsyncChannel<ByteBuffer, ByteBuffer>>

    /// The base URL of the server, e.g. `http://127.0.0.1:53211`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in arrival order.
    var requests: [ReceivedRequest] {
        get async { await state.requests }
    }

    /// The indexes of the connections closed so far (by either side).
    var closedConnections: Set<Int> {
        get async { await state.closed }
    }

    private init(port: Int, state: State, connections: AcceptLoop<NIOAsyncChannel<ByteBuffer, ByteBuffer>>) {
        self.port = port
        self.state = state
        self.connections = connections
    }

    /// Starts a server that answers connection `n` with `script(n)`.
    static func start(scripts: @escaping @Sendable (Int) -> Script) async throws -> RawHTTPTestServer {
        let state = State()
        let connections = try await AcceptLoop.start { channel in
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        } handle: { child, index in
            await handle(child, index: index, state: state, script: scripts(index))
        }
        let port = connections.port
        return RawHTTPTestServer(port: port, state: state, connections: connections)
    }

    /// Starts a server that answers every connection with `script`.
    static func start(_ script: @escaping Script) async throws -> RawHTTPTestServer {
        try await start(scripts: { _ in script })
    }

    /// Closes the listening socket and every open connection.
    func stop() async {
        await connections.stop()
    }

    /// Reads one request, runs the script concurrently, and keeps reading until the connection
    /// closes, so a client that hangs up is noticed even while the script is waiting.
    private static func handle(_ child: NIOAsyncChannel<ByteBuffer, ByteBuffer>, index: Int, state: State,
                               script: @escaping Script) async {
        try? await child.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            var received: [UInt8] = []
            var parsed: ReceivedRequest?
            while parsed == nil {
                guard let chunk = try await iterator.next() else {
                    await state.markClosed(index)
                    return
                }
                received += chunk.readableBytesView
                parsed = ReceivedRequest.parse(received)
            }
            guard let request = parsed else { return }
            await state.record(request)
            let connection = Connection(index: index, request: request, outbound: outbound, channel: child.channel,
                                        state: state)
            let scriptTask = Task {
                try? await script(connection)
                await connection.close()
            }
            do {
                while try await iterator.next() != nil {}
            } catch {}
            await state.markClosed(index)
            scriptTask.cancel()
            await scriptTask.value
        }
    }
}

/// A one-shot signal between a test and a server script: `fire()` once, `wait()` once.
struct TestSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func fire() { continuation.yield() }

    /// Returns after `fire()`; throws when the waiting task is cancelled first.
    func wait() async throws {
        var iterator = stream.makeAsyncIterator()
        guard await iterator.next() != nil else { throw CancellationError() }
    }
}

/// Polls `condition` until it holds or `timeout` (scaled for sanitizer runs) passes; returns
/// whether it held.
func eventually(timeout: Duration = .seconds(5), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout.scaledForTests
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// Runs `operation`, failing with a timeout error after `timeout` (scaled for sanitizer runs)
/// instead of hanging the test suite.
func withTimeout<T: Sendable>(_ timeout: Duration = .seconds(20),
                              _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout.scaledForTests)
            throw TestTimeout()
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw TestTimeout() }
        return result
    }
}

/// The error `withTimeout` throws.
struct TestTimeout: Error, CustomStringConvertible {
    var description: String { "The operation did not finish in time." }
}
