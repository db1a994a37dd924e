import Foundation
import LoupeCore

/// Events covering every member of the event model, for coding and schema tests.
enum SampleEvents {
    static let start = Date(timeIntervalSince1970: 1_790_000_000.125)

    static var all: [NetworkEvent] { [completeJSON, truncatedForm, streamingSSE, tunnel, failed, binaryGzip, webSocket, grpc] }

    static let completeJSON = NetworkEvent(
        id: UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-655443322110")!,
        sequence: 1, source: .apiClient, state: .complete, startedAt: start,
        timings: EventTimings(ttfb: 12.5, total: 40.25),
        request: CapturedRequest(
            method: "GET", url: "https://api.example.com/conversations?limit=20",
            headers: [HTTPHeader(name: "Accept", value: "application/json"),
                      HTTPHeader(name: "Authorization", value: "Bearer [REDACTED:bearer]")]),
        response: CapturedResponse(
            status: 200, reason: "OK",
            headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                      HTTPHeader(name: "Set-Cookie", value: "a=1"), HTTPHeader(name: "Set-Cookie", value: "b=2")],
            body: CapturedBody(contentType: "application/json", text: #"{"items":[],"next":null}"#)),
        requestID: "3C1D9A52-0000-4000-8000-000000000001", attempt: 1,
        redactions: ["bearer": 1])

    static let truncatedForm = NetworkEvent(
        sequence: 2, source: .proxyForward, state: .complete, startedAt: start,
        timings: EventTimings(ttfb: 3, total: 5),
        request: CapturedRequest(
            method: "POST", url: "http://example.test/login", httpVersion: "HTTP/1.0",
            headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            body: CapturedBody(contentType: "application/x-www-form-urlencoded", text: "user=ann&pass=[REDACTED:password]",
                               originalSize: 4_000_000, truncated: true)),
        response: CapturedResponse(status: 302, reason: "Found", headers: [HTTPHeader(name: "Location", value: "/home")]),
        redactions: ["password": 1])

    static let streamingSSE = NetworkEvent(
        sequence: 3, source: .sseClient, state: .streaming, startedAt: start,
        timings: EventTimings(ttfb: 80),
        request: CapturedRequest(
            method: "POST", url: "https://api.example.com/conversations/c1/messages",
            headers: [HTTPHeader(name: "Accept", value: "text/event-stream")],
            body: CapturedBody(contentType: "application/json", text: #"{"text":"héllo ✓"}"#)),
        response: CapturedResponse(
            status: 200, reason: "OK", httpVersion: "HTTP/2",
            headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")],
            body: CapturedBody(contentType: "text/event-stream", originalSize: 120, omitted: .init(reason: .notCaptured))),
        sseEvents: [
            SSEEvent(receivedAt: start.addingTimeInterval(0.08), data: #"{"deltaText":"Hel"}"#),
            SSEEvent(receivedAt: start.addingTimeInterval(0.09), type: "delta", id: "42", data: "line 1\nline 2", retry: 3000),
        ])

    static let tunnel = NetworkEvent(
        sequence: 4, source: .tunnel, state: .complete, startedAt: start,
        timings: EventTimings(ttfb: 1, total: 1500),
        request: CapturedRequest(method: "CONNECT", url: "api.example.com:443"),
        response: CapturedResponse(status: 200, reason: "Connection Established"),
        tunnel: TunnelInfo(host: "api.example.com", port: 443, bytesUp: 517, bytesDown: 4096))

    static let webSocket = NetworkEvent(
        sequence: 7, source: .proxyReverse, state: .complete, startedAt: start,
        timings: EventTimings(ttfb: 2, total: 900),
        request: CapturedRequest(method: "GET", url: "http://127.0.0.1:8000/ws",
                                 headers: [HTTPHeader(name: "Upgrade", value: "websocket")]),
        response: CapturedResponse(status: 101, reason: "Switching Protocols"),
        webSocket: WebSocketLog(
            messages: [
                WebSocketMessage(direction: .up, receivedAt: start.addingTimeInterval(0.01), opcode: .text, size: 21,
                                 text: #"{"token":"[REDACTED:json-key]"}"#, compressed: true),
                WebSocketMessage(direction: .down, receivedAt: start.addingTimeInterval(0.02), opcode: .binary, size: 3,
                                 sha256: String(repeating: "0f", count: 32)),
            ],
            pings: 1, pongs: 1, close: WebSocketLog.Close(code: 1000, reason: "done", by: .up),
            extensions: "permessage-deflate"))

    static let grpc: NetworkEvent = {
        var response = CapturedResponse(status: 200, reason: "", httpVersion: "HTTP/2",
                                        headers: [HTTPHeader(name: "content-type", value: "application/grpc")])
        response.trailers = [HTTPHeader(name: "grpc-status", value: "5"), HTTPHeader(name: "grpc-message", value: "no such thing")]
        return NetworkEvent(
            sequence: 8, source: .proxyReverse, state: .complete, startedAt: start,
            timings: EventTimings(ttfb: 1, total: 3),
            request: CapturedRequest(method: "POST", url: "http://127.0.0.1:50051/echo.Echo/Get", httpVersion: "HTTP/2",
                                     headers: [HTTPHeader(name: "content-type", value: "application/grpc")]),
            response: response,
            grpc: GRPCLog(messages: [GRPCMessage(direction: .up, receivedAt: start, size: 12, compressed: false,
                                                 sha256: String(repeating: "ab", count: 32))],
                          status: 5, statusMessage: "no such thing"))
    }()

    static let failed = NetworkEvent(
        sequence: 5, source: .proxyReverse, state: .failed, startedAt: start,
        timings: EventTimings(total: 30_000),
        request: CapturedRequest(method: "GET", url: "http://127.0.0.1:9/slow"),
        error: EventError(kind: .timeout, message: "The upstream did not answer within 30 s."),
        attempt: 3)

    static let binaryGzip = NetworkEvent(
        sequence: 6, source: .proxyReverse, state: .complete, startedAt: start,
        timings: EventTimings(ttfb: 2, total: 9),
        request: CapturedRequest(method: "GET", url: "http://cdn.example.test/logo.png"),
        response: CapturedResponse(
            status: 200, reason: "OK",
            headers: [HTTPHeader(name: "Content-Encoding", value: "gzip")],
            body: CapturedBody(contentType: "image/png", originalSize: 2048,
                               omitted: .init(reason: .binary, sha256: String(repeating: "ab", count: 32)),
                               decodedFrom: .gzip)))
}
