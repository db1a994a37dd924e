import Foundation
import LoupeCore

/// Small events for the filter tests, built field by field so each test states only what it needs.
enum FilterTestEvent {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func make(
        method: String = "GET",
        url: String = "https://api.example.com/conversations?limit=20",
        requestHeaders: [(String, String)] = [],
        requestBody: String? = nil,
        status: Int? = nil,
        responseHeaders: [(String, String)] = [],
        responseBody: CapturedBody? = nil,
        sse: [String] = [],
        tunnelHost: String? = nil,
        error: String? = nil,
        total: Double? = nil,
        state: NetworkEvent.State = .complete,
        source: NetworkEvent.Source = .apiClient,
        requestID: String? = nil,
        redactions: [String: Int] = [:]
    ) -> NetworkEvent {
        NetworkEvent(
            source: source, state: state, startedAt: start,
            timings: EventTimings(total: total),
            request: CapturedRequest(
                method: method, url: url,
                headers: requestHeaders.map { HTTPHeader(name: $0.0, value: $0.1) },
                body: requestBody.map { CapturedBody(contentType: "application/json", text: $0) }),
            response: status.map {
                CapturedResponse(status: $0, headers: responseHeaders.map { HTTPHeader(name: $0.0, value: $0.1) },
                                 body: responseBody)
            },
            sseEvents: sse.map { SSEEvent(receivedAt: start, data: $0) },
            tunnel: tunnelHost.map { TunnelInfo(host: $0, port: 443) },
            error: error.map { EventError(kind: .other, message: $0) },
            requestID: requestID,
            redactions: redactions)
    }

    /// A text response body of `text`, optionally claiming a larger original size.
    static func body(_ text: String, contentType: String = "application/json", originalSize: Int? = nil) -> CapturedBody {
        CapturedBody(contentType: contentType, text: text, originalSize: originalSize)
    }
}
