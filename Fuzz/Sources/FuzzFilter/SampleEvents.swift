import Foundation
import LoupeCore

/// A few events of different kinds for the filter fuzzer to match against, so that matching
/// (needles, numbers, wildcards) runs on every parsed filter too.
enum SampleEvents {
    static let all: [NetworkEvent] = {
        var failed = NetworkEvent(source: .apiClient, startedAt: Date(timeIntervalSince1970: 0),
                                  request: CapturedRequest(method: "POST", url: "https://api.example.com/v1/conversations?q=a%20b",
                                                           headers: [HTTPHeader(name: "X-Request-ID", value: "abc-123")],
                                                           body: CapturedBody(contentType: "application/json", text: #"{"refresh_token":"x"}"#)))
        failed.state = .failed
        failed.error = EventError(kind: .timeout, message: "Timed out after 30 s")
        failed.timings.total = 1500
        var streamed = NetworkEvent(source: .proxyForward, startedAt: Date(timeIntervalSince1970: 10),
                                    request: CapturedRequest(method: "GET", url: "http://127.0.0.1:8000/ÄÖ/stream"))
        streamed.response = CapturedResponse(status: 200, reason: "OK",
                                             headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")],
                                             body: CapturedBody(contentType: "text/event-stream", text: "data: hi\n\n", originalSize: 20_000))
        streamed.sseEvents = [SSEEvent(data: "hello [REDACTED:email]")]
        streamed.redactions = ["email": 1]
        streamed.timings.total = 12
        var tunnel = NetworkEvent(source: .tunnel, startedAt: Date(timeIntervalSince1970: 20),
                                  request: CapturedRequest(method: "CONNECT", url: "example.org:443"))
        tunnel.tunnel = TunnelInfo(host: "example.org", port: 443)
        tunnel.response = CapturedResponse(status: 502, reason: "Bad Gateway")
        return [failed, streamed, tunnel]
    }()
}
