import Foundation
import LoupeCore

/// Small events for console tests; times are fixed so rendered rows are predictable in UTC.
enum TestEvents {
    static let start = Date(timeIntervalSince1970: 1_790_000_000.125)  // 2026-09-21T14:13:20.125Z

    /// A finished exchange; `index` makes the path and id distinct and orders the times.
    static func http(_ index: Int, method: String = "GET", status: Int? = 200, host: String = "api.example.com",
                     path: String? = nil, total: Double? = 40, bodySize: Int? = 24,
                     redactions: [String: Int] = [:], error: EventError? = nil) -> NetworkEvent {
        NetworkEvent(
            id: id(index), sequence: UInt64(index), source: .apiClient,
            state: error != nil ? .failed : (status == nil ? .pending : .complete),
            startedAt: start.addingTimeInterval(Double(index)),
            timings: EventTimings(ttfb: total.map { $0 / 2 }, total: total),
            request: CapturedRequest(method: method, url: "https://\(host)\(path ?? "/items/\(index)")",
                                     headers: [HTTPHeader(name: "Authorization", value: "Bearer [REDACTED:bearer]")]),
            response: status.map { status in
                CapturedResponse(status: status, reason: "OK",
                                 headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                 body: bodySize.map { CapturedBody(contentType: "application/json", text: #"{"a":1}"#, originalSize: $0) })
            },
            error: error, redactions: redactions)
    }

    /// A streaming SSE exchange with `count` events so far.
    static func sse(_ index: Int, count: Int) -> NetworkEvent {
        var event = http(index, method: "POST", status: 200, path: "/stream", total: nil, bodySize: nil)
        event.state = .streaming
        event.response?.headers = [HTTPHeader(name: "Content-Type", value: "text/event-stream")]
        event.sseEvents = (0..<count).map {
            SSEEvent(receivedAt: start.addingTimeInterval(Double(index) + 0.1), type: "delta", id: "\($0)", data: "chunk \($0)")
        }
        return event
    }

    static func id(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!
    }
}
