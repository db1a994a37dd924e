import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing

/// gRPC calls in HAR: Loupe writes `_grpc` (messages with HAR's `send`/`receive` and times in
/// seconds) and the response's `_trailers`, and reads both back exactly; trailers read from a file
/// are redacted like headers.
@Suite struct HARGRPCTests {
    static let start = Date(timeIntervalSince1970: 1_795_327_800)

    static let call: NetworkEvent = {
        var response = CapturedResponse(status: 200, httpVersion: "HTTP/2",
                                        headers: [HTTPHeader(name: "content-type", value: "application/grpc")])
        response.trailers = [HTTPHeader(name: "grpc-status", value: "5"), HTTPHeader(name: "grpc-message", value: "no such thing")]
        var event = NetworkEvent(source: .proxyReverse, state: .complete, startedAt: start, timings: EventTimings(ttfb: 1, total: 4),
                                 request: CapturedRequest(method: "POST", url: "http://127.0.0.1:50051/echo.Echo/Get",
                                                          httpVersion: "HTTP/2"),
                                 response: response)
        event.grpc = GRPCLog(messages: [
            GRPCMessage(direction: .up, receivedAt: start.addingTimeInterval(0.25), size: 12, compressed: false,
                        sha256: String(repeating: "ab", count: 32)),
            GRPCMessage(direction: .down, receivedAt: start.addingTimeInterval(0.5), size: 0, compressed: true,
                        sha256: String(repeating: "cd", count: 32)),
        ], droppedMessages: 3, status: 5, statusMessage: "no such thing")
        return event
    }()

    @Test func aGRPCCallAndItsTrailersRoundTripThroughHAR() throws {
        let data = try JSONEncoder().encode(HAREntry(Self.call))
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let grpc = try #require(json["_grpc"] as? [String: Any])
        let messages = try #require(grpc["messages"] as? [[String: Any]])
        #expect(messages.map { $0["type"] as? String } == ["send", "receive"])
        #expect(messages.first?["time"] as? Double == Self.start.timeIntervalSince1970 + 0.25)
        #expect(grpc["status"] as? Int == 5)
        let response = try #require(json["response"] as? [String: Any])
        #expect((response["_trailers"] as? [[String: String]])?.first?["name"] == "grpc-status")
        #expect(response["httpVersion"] as? String == "HTTP/2")

        let back = try NetworkEvent(harEntry: JSONDecoder().decode(HAREntry.self, from: data))
        #expect(back.grpc == Self.call.grpc)
        #expect(back.response?.trailers == Self.call.response?.trailers)
        #expect(back.isGRPC)
    }

    @Test func trailersReadFromAFileAreRedacted() throws {
        var event = Self.call
        event.response?.trailers = [HTTPHeader(name: "authorization", value: "Bearer abcdefghijklmnopqrstuvwxyz0123456789")]
        event.grpc?.statusMessage = "user ann@example.com not found"
        let redactor = Redactor(ruleSet: .builtIn)
        redactor.redact(&event)
        let text = String(decoding: try JSONEncoder.loupe().encode(event), as: UTF8.self)
        #expect(!text.contains("abcdefghijklmnopqrstuvwxyz0123456789"), "\(text)")
        #expect(!text.contains("ann@example.com"), "\(text)")
        #expect(event.redactionCount >= 2)
    }
}
