import Foundation
import LoupeCore
@testable import LoupeProxy
import NIOHTTP1
import Testing

/// The intermediary header rules, target parsing and the access-log line, without sockets.
@Suite struct ProxyHeaderRuleTests {
    @Test func hopByHopHeadersAndHeadersNamedInConnectionAreRemovedAndViaIsAdded() {
        var headers = HTTPHeaders([("Connection", "close, X-Secret-Hop"), ("X-Secret-Hop", "1"), ("Keep-Alive", "timeout=5"),
                                   ("Proxy-Authorization", "Basic abc"), ("TE", "trailers"), ("Accept", "*/*")])
        let close = ProxyHeaders.stripHopByHop(&headers)
        #expect(close)
        #expect(headers.map(\.name) == ["Accept", "via"])
        #expect(headers.first(name: "via") == "1.1 loupe")
    }

    @Test func requestFramingRejectsConflictsBadLengthsAndUnknownCodings() throws {
        #expect(throws: ProxyHeaders.FramingError.conflictingLengths) {
            try ProxyHeaders.requestFraming(HTTPHeaders([("Transfer-Encoding", "chunked"), ("Content-Length", "3")]))
        }
        #expect(throws: ProxyHeaders.FramingError.badContentLength) {
            try ProxyHeaders.requestFraming(HTTPHeaders([("Content-Length", "+3")]))
        }
        #expect(throws: ProxyHeaders.FramingError.unknownTransferCoding) {
            try ProxyHeaders.requestFraming(HTTPHeaders([("Transfer-Encoding", "gzip, chunked")]))
        }
        #expect(try ProxyHeaders.requestFraming(HTTPHeaders([("Content-Length", "12")])) == .contentLength(12))
        #expect(try ProxyHeaders.requestFraming(HTTPHeaders([("Transfer-Encoding", "Chunked")])) == .chunked)
        #expect(try ProxyHeaders.requestFraming(HTTPHeaders()) == ProxyHeaders.Framing.none)
    }

    @Test func responsesToHEADHaveNoBodyFramingAndUnframedResponsesBecomeChunked() {
        var head = HTTPHeaders()
        #expect(ProxyHeaders.frameResponse(&head, upstreamChunked: true, status: .ok, requestMethod: .HEAD,
                                           clientVersion: .http1_1) == .none)
        #expect(head["transfer-encoding"].isEmpty)
        var unframed = HTTPHeaders()
        #expect(ProxyHeaders.frameResponse(&unframed, upstreamChunked: false, status: .ok, requestMethod: .GET,
                                           clientVersion: .http1_1) == .chunked)
        #expect(unframed.first(name: "transfer-encoding") == "chunked")
        var old = HTTPHeaders()
        #expect(ProxyHeaders.frameResponse(&old, upstreamChunked: true, status: .ok, requestMethod: .GET,
                                           clientVersion: .http1_0) == .untilClose, "HTTP/1.0 clients get no chunked body")
        var sized = HTTPHeaders([("Content-Length", "5")])
        #expect(ProxyHeaders.frameResponse(&sized, upstreamChunked: false, status: .ok, requestMethod: .GET,
                                           clientVersion: .http1_1) == .contentLength(5))
        var both = HTTPHeaders([("Content-Length", "5")])
        #expect(ProxyHeaders.frameResponse(&both, upstreamChunked: true, status: .ok, requestMethod: .GET,
                                           clientVersion: .http1_1) == .chunked, "chunked wins over Content-Length")
    }

    @Test func absoluteFormTargetsGiveHostPortAndOriginFormPath() throws {
        let target = try #require(ProxyTarget.forward(uri: "http://API.example.com:8080/a/b?c=d#frag"))
        #expect(target.host == "api.example.com")
        #expect(target.port == 8080)
        #expect(target.path == "/a/b?c=d")
        #expect(target.hostHeader == "api.example.com:8080")
        #expect(ProxyTarget.forward(uri: "https://[::1]/")?.hostHeader == "[::1]")
        #expect(ProxyTarget.forward(uri: "http://example.com?q=1")?.path == "/?q=1")
        #expect(ProxyTarget.forward(uri: "/relative") == nil)
        #expect(ProxyTarget.forward(uri: "http://user:pw@example.com/") == nil)
        #expect(ProxyTarget.forward(uri: "http://example.com:99999/") == nil)
        #expect(ProxyTarget.authorityForm("example.com:443")?.port == 443)
        #expect(ProxyTarget.authorityForm("example.com") == nil)
    }

    @Test func theUpstreamURLGivesTheBasePathAndHostHeader() throws {
        let upstream = try ProxyUpstream(parsing: "https://api.example.com/v1/")
        #expect(upstream.port == 443)
        #expect(upstream.hostHeader == "api.example.com")
        #expect(upstream.path(for: "/models") == "/v1/models")
        #expect(throws: ProxyConfigurationError.self) { try ProxyUpstream(parsing: "ftp://example.com") }
    }

    @Test func theAccessLogLineShowsMethodStatusURLDurationAndSize() {
        var event = NetworkEvent(source: .proxyForward,
                                 request: CapturedRequest(method: "POST", url: "https://api.example.com/conversations"))
        event.response = CapturedResponse(status: 200, body: CapturedBody(contentType: "application/json", text: String(repeating: "x", count: 2100)))
        event.timings.total = 123.4
        let line = AccessLogLine.format(event)
        #expect(line.hasSuffix(" POST 200 api.example.com/conversations 123ms 2.1kB"))
        #expect(line.range(of: #"^\d\d:\d\d:\d\d\.\d{3} "#, options: .regularExpression) != nil)
    }

    @Test func theAccessLogLineCountsAWebSocketsMessagesEachWay() {
        var event = NetworkEvent(source: .proxyReverse, request: CapturedRequest(method: "GET", url: "http://127.0.0.1:8000/ws"))
        event.response = CapturedResponse(status: 101)
        event.timings.total = 5321
        event.webSocket = WebSocketLog(messages: [
            WebSocketMessage(direction: .up, opcode: .text, size: 1, text: "a"),
            WebSocketMessage(direction: .down, opcode: .text, size: 1, text: "a"),
            WebSocketMessage(direction: .down, opcode: .binary, size: 1, sha256: "00"),
        ])
        #expect(AccessLogLine.format(event).hasSuffix(" GET 101 127.0.0.1:8000/ws 5321ms ↑1 ↓2 messages"))
    }
}
