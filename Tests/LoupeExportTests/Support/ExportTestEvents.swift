import Foundation
import LoupeCore
import LoupeRedaction

/// Events covering every shape an export must carry: JSON bodies, an SSE stream, a CONNECT
/// tunnel, a failed exchange, a pending one, an omitted binary body, a WebSocket conversation and a
/// gRPC call. Times have whole
/// milliseconds, the precision the formats keep. ``all`` is already redacted with the built-in
/// rules, as a redacting logger stores them, so the verification pass finds nothing in them.
enum ExportTestEvents {
    static let base = Date(timeIntervalSince1970: 1_795_000_000.125)
    static let redactor = Redactor(ruleSet: .builtIn)

    static let all: [NetworkEvent] = [json, sse, tunnel, failed, pending, binary, webSocket, grpc].map { event in
        var event = event
        redactor.redact(&event)
        return event
    }

    /// The summed redaction counts of ``all``.
    static var redactionTotals: [String: Int] {
        all.reduce(into: [:]) { totals, event in totals.merge(event.redactions, uniquingKeysWith: +) }
    }

    static var webSocket: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "77777777-7777-4777-8777-777777777777")!, sequence: 7, source: .proxyForward,
            state: .complete, startedAt: base, timings: EventTimings(ttfb: 2, total: 900),
            request: CapturedRequest(method: "GET", url: "http://chat.example.com/ws",
                                     headers: [HTTPHeader(name: "Upgrade", value: "websocket")]),
            response: CapturedResponse(status: 101, reason: "Switching Protocols"),
            webSocket: WebSocketLog(
                messages: [WebSocketMessage(direction: .up, receivedAt: base.addingTimeInterval(0.25), opcode: .text,
                                            size: 5, text: "hello", compressed: true),
                           WebSocketMessage(direction: .down, receivedAt: base.addingTimeInterval(0.5), opcode: .binary,
                                            size: 3, sha256: String(repeating: "ab", count: 32), truncated: true)],
                pings: 2, pongs: 1, droppedMessages: 4, close: .init(code: 1000, reason: "bye", by: .down),
                extensions: "permessage-deflate", framingError: nil))
    }

    static var grpc: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "88888888-8888-4888-8888-888888888888")!, sequence: 8, source: .proxyReverse,
            state: .complete, startedAt: base, timings: EventTimings(ttfb: 3, total: 7),
            request: CapturedRequest(method: "POST", url: "http://grpc.example.com/echo.Echo/Get", httpVersion: "HTTP/2",
                                     headers: [HTTPHeader(name: "Content-Type", value: "application/grpc")]),
            response: {
                var response = CapturedResponse(status: 200, httpVersion: "HTTP/2")
                response.trailers = [HTTPHeader(name: "grpc-status", value: "5"), HTTPHeader(name: "grpc-message", value: "not found")]
                return response
            }(),
            grpc: GRPCLog(messages: [GRPCMessage(direction: .up, receivedAt: base.addingTimeInterval(0.5), size: 12,
                                                 compressed: false, sha256: String(repeating: "cd", count: 32))],
                          droppedMessages: 0, status: 5, statusMessage: "not found"))
    }

    static var json: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "11111111-1111-4111-8111-111111111111")!, sequence: 1, source: .apiClient,
            state: .complete, startedAt: base, timings: EventTimings(ttfb: 12.5, total: 40, connect: 2, tls: 4.5),
            request: CapturedRequest(
                method: "POST", url: "https://api.example.com/conversations?limit=20&cursor=a%20b",
                headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                          HTTPHeader(name: "Cookie", value: "theme=dark; lang=en"),
                          HTTPHeader(name: "Authorization", value: "Bearer [REDACTED:bearer]")],
                body: CapturedBody(contentType: "application/json", text: #"{"title":"Trip"}"#)),
            response: CapturedResponse(
                status: 201, reason: "Created",
                headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                          HTTPHeader(name: "Set-Cookie", value: "seen=1; Path=/; HttpOnly; Secure")],
                body: CapturedBody(contentType: "application/json", text: #"{"id":"c1"}"#, originalSize: 40,
                                   decodedFrom: .gzip)),
            requestID: "req-1", attempt: 1, redactions: ["bearer": 1])
    }

    static var sse: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "22222222-2222-4222-8222-222222222222")!, sequence: 2, source: .sseClient,
            state: .complete, startedAt: base.addingTimeInterval(1), timings: EventTimings(ttfb: 5, total: 900),
            request: CapturedRequest(method: "GET", url: "https://api.example.com/stream",
                                     headers: [HTTPHeader(name: "Accept", value: "text/event-stream")]),
            response: CapturedResponse(status: 200, reason: "OK",
                                       headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")]),
            sseEvents: [
                SSEEvent(receivedAt: base.addingTimeInterval(1.5), type: "delta", id: "1", data: #"{"text":"Hel"}"#),
                SSEEvent(receivedAt: base.addingTimeInterval(1.75), type: "message", id: nil, data: "line 1\nline 2",
                         retry: 3000),
            ])
    }

    static var tunnel: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "33333333-3333-4333-8333-333333333333")!, sequence: 3, source: .tunnel,
            state: .complete, startedAt: base.addingTimeInterval(2), timings: EventTimings(ttfb: 3, total: 5000),
            request: CapturedRequest(method: "CONNECT", url: "secure.example.com:443"),
            response: CapturedResponse(status: 200, reason: "Connection Established"),
            tunnel: TunnelInfo(host: "secure.example.com", port: 443, bytesUp: 1200, bytesDown: 56000))
    }

    static var failed: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!, sequence: 4, source: .proxyForward,
            state: .failed, startedAt: base.addingTimeInterval(3), timings: EventTimings(ttfb: nil, total: 30),
            request: CapturedRequest(method: "GET", url: "http://down.example.com/"),
            error: EventError(kind: .connectionRefused, message: "Connection refused by down.example.com:80."))
    }

    static var pending: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "55555555-5555-4555-8555-555555555555")!, sequence: 5, source: .proxyReverse,
            state: .pending, startedAt: base.addingTimeInterval(4),
            request: CapturedRequest(method: "DELETE", url: "https://api.example.com/conversations/c1",
                                     httpVersion: "HTTP/2"),
            tls: TLSInfo(intercepted: true, serverName: "api.example.com", clientVersion: "TLSv1.3",
                         clientCipherSuite: "TLS_AES_128_GCM_SHA256", upstreamVersion: "TLSv1.2",
                         upstreamCipherSuite: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", upstreamCertificate: .init(subject: "CN=api.example.com", issuer: "CN=Example CA,O=Example",
                                                    notAfter: base.addingTimeInterval(86_400)),
                         upstreamVerified: false))
    }

    static var binary: NetworkEvent {
        NetworkEvent(
            id: UUID(uuidString: "66666666-6666-4666-8666-666666666666")!, sequence: 6, source: .apiClient,
            state: .complete, startedAt: base.addingTimeInterval(5), timings: EventTimings(ttfb: 8, total: 20),
            request: CapturedRequest(method: "GET", url: "https://cdn.example.com/logo.png"),
            response: CapturedResponse(
                status: 200, reason: "OK", headers: [HTTPHeader(name: "Content-Type", value: "image/png")],
                body: CapturedBody(contentType: "image/png", originalSize: 2048,
                                   omitted: .init(reason: .binary, sha256: String(repeating: "ab", count: 32)))))
    }

    /// `event` as the formats keep it: dates at millisecond precision (HAR stores SSE times as
    /// seconds since 1970, which can differ from the original in the last bits).
    static func normalized(_ event: NetworkEvent) -> NetworkEvent {
        var event = event
        event.startedAt = rounded(event.startedAt)
        for index in event.sseEvents.indices {
            event.sseEvents[index].receivedAt = rounded(event.sseEvents[index].receivedAt)
        }
        return event
    }

    private static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// A fresh empty folder for one test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "loupe-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
