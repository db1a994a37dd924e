import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import TestServerSupport

/// An origin server on 127.0.0.1 (a free port) for proxy tests; each request is answered by the
/// test's `respond` closure, which can stream a body at its own pace.
///
/// ```swift
/// let origin = try await TestOrigin.start { request, response in
///     try await response.send(status: .ok, headers: ["content-type": "text/plain"], body: "hi")
/// }
/// ```
final class TestOrigin: Sendable {
    /// A request as the origin received it.
    struct Request: Sendable {
        let head: HTTPRequestHead
        let body: String
    }

    /// Writes one response.
    struct Response: Sendable {
        fileprivate let writer: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>

        /// Sends a whole response with `Content-Length` (the body's, unless `headers` has one: HEAD).
        func send(status: HTTPResponseStatus, headers: [String: String] = [:], body: String = "") async throws {
            var fields = HTTPHeaders(headers.map { ($0.key, $0.value) })
            if fields["content-length"].isEmpty { fields.add(name: "content-length", value: String(body.utf8.count)) }
            try await writer.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: fields)))
            if !body.isEmpty { try await writer.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
            try await writer.write(.end(nil))
        }

        /// Starts a chunked response.
        func sendHead(status: HTTPResponseStatus = .ok, headers: [String: String]) async throws {
            var fields = HTTPHeaders(headers.map { ($0.key, $0.value) })
            fields.replaceOrAdd(name: "transfer-encoding", value: "chunked")
            try await writer.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: fields)))
        }

        func sendChunk(_ text: String) async throws {
            try await writer.write(.body(.byteBuffer(ByteBuffer(string: text))))
        }

        func sendChunk(_ buffer: ByteBuffer) async throws {
            try await writer.write(.body(.byteBuffer(buffer)))
        }

        func end() async throws {
            try await writer.write(.end(nil))
        }
    }

    private let connections: AcceptLoop<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>>
    private let received: NIOLockedValueBox<[Request]>
    private let closedConnections: NIOLockedValueBox<Int>

    /// The port the origin listens on.
    let port: Int

    private init(connections: AcceptLoop<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>>,
                 received: NIOLockedValueBox<[Request]>, closedConnections: NIOLockedValueBox<Int>) {
        self.connections = connections
        self.received = received
        self.closedConnections = closedConnections
        port = connections.port
    }

    /// Starts an origin whose every request is answered by `respond`.
    static func start(respond: @escaping @Sendable (Request, Response) async throws -> Void) async throws -> TestOrigin {
        let received = NIOLockedValueBox<[Request]>([])
        let closedConnections = NIOLockedValueBox(0)
        let connections = try await AcceptLoop.start { child in
            try child.pipeline.syncOperations.configureHTTPServerPipeline()
            return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: child)
        } handle: { connection, _ in
            try? await connection.executeThenClose { requests, writer in
                var head: HTTPRequestHead?
                var body = ByteBuffer()
                for try await part in requests {
                    switch part {
                    case .head(let value):
                        head = value
                        body.clear()
                    case .body(var chunk):
                        body.writeBuffer(&chunk)
                    case .end:
                        guard let head else { continue }
                        let request = Request(head: head, body: String(buffer: body))
                        received.withLockedValue { $0.append(request) }
                        try await respond(request, Response(writer: writer))
                    }
                }
            }
            closedConnections.withLockedValue { $0 += 1 }
        }
        return TestOrigin(connections: connections, received: received, closedConnections: closedConnections)
    }

    /// Every request received so far.
    var requests: [Request] { received.withLockedValue { $0 } }

    /// How many connections have ended.
    var closedConnectionCount: Int { closedConnections.withLockedValue { $0 } }

    /// Closes the listening socket and every connection, and waits for their handlers.
    func stop() async {
        await connections.stop()
    }
}

/// A gate a test opens once; tasks waiting on it resume then.
final class TestGate: Sendable {
    private let state = NIOLockedValueBox<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLockedValue { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLockedValue { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
