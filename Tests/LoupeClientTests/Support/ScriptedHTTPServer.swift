import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1
import TestServerSupport

/// An HTTP/1.1 server on 127.0.0.1 (a free port) whose answers a test scripts as a function of
/// the request, with keep-alive like a real API server. It records every request it receives.
///
/// ```swift
/// let server = try await ScriptedHTTPServer.start { request in
///     request.path == "/models" ? .json(#"[{"id":"m1"}]"#) : .status(404)
/// }
/// defer { Task { await server.stop() } }
/// ```
final class ScriptedHTTPServer: Sendable {
    /// One received request (the same shape the raw server records).
    typealias Request = RawHTTPTestServer.ReceivedRequest

    /// What the server does with one request.
    struct Response: Sendable {
        var status: Int
        var headers: [HTTPHeader]
        var body: String
        /// Close the connection without answering (the client sees the connection drop).
        var dropsConnection = false

        static func json(_ body: String, status: Int = 200, headers: [HTTPHeader] = []) -> Response {
            Response(status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")] + headers,
                     body: body)
        }

        static func status(_ status: Int, headers: [HTTPHeader] = [], body: String = "") -> Response {
            Response(status: status, headers: headers, body: body)
        }

        static let dropConnection = Response(status: 0, headers: [], body: "", dropsConnection: true)
    }

    typealias Handler = @Sendable (Request) async throws -> Response

    private actor Recorder {
        var requests: [Request] = []
        func record(_ request: Request) { requests.append(request) }
    }

    let port: Int
    private let recorder: Recorder
    private let connections: AcceptLoop<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>>

    /// The base URL, e.g. `http://127.0.0.1:53211`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    var requests: [Request] {
        get async { await recorder.requests }
    }

    private init(port: Int, recorder: Recorder,
                 connections: AcceptLoop<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>>) {
        self.port = port
        self.recorder = recorder
        self.connections = connections
    }

    /// Starts a server answering each request with `handler(request)`.
    static func start(_ handler: @escaping Handler) async throws -> ScriptedHTTPServer {
        let recorder = Recorder()
        let connections = try await AcceptLoop.start { channel in
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
        } handle: { child, _ in
            await serve(child, recorder: recorder, handler: handler)
        }
        let port = connections.port
        return ScriptedHTTPServer(port: port, recorder: recorder, connections: connections)
    }

    /// Closes the listening socket and every connection; handlers still running are cancelled.
    func stop() async {
        await connections.stop()
    }

    private static func serve(_ child: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
                              recorder: Recorder, handler: Handler) async {
        try? await child.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body.clear()
                case .body(var chunk):
                    body.writeBuffer(&chunk)
                case .end:
                    guard let requestHead = head else { continue }
                    let request = Request(
                        method: requestHead.method.rawValue, target: requestHead.uri,
                        headers: requestHead.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
                        body: String(buffer: body))
                    await recorder.record(request)
                    let response = try await handler(request)
                    if response.dropsConnection { return }
                    var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
                    headers.replaceOrAdd(name: "Content-Length", value: "\(response.body.utf8.count)")
                    try await outbound.write(.head(HTTPResponseHead(
                        version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: response.body))))
                    try await outbound.write(.end(nil))
                }
            }
        }
    }
}

extension RawHTTPTestServer.ReceivedRequest {
    /// The target without its query.
    var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The token of the `Authorization: Bearer` header, if any.
    var bearerToken: String? {
        headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
    }
}
