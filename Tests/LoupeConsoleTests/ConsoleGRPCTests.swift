import Foundation
import LoupeCore
import Testing
@testable import LoupeConsole

/// A gRPC call in the console: the Response tab shows the trailers, the status by name and each
/// message's direction, size and digest.
@Suite struct ConsoleGRPCTests {
    @Test func theResponseTabShowsTrailersStatusAndMessages() {
        var event = TestEvents.http(1, status: 200, path: "/echo.Echo/Get", total: 3, bodySize: nil)
        event.response?.trailers = [HTTPHeader(name: "grpc-status", value: "5"), HTTPHeader(name: "grpc-message", value: "no such thing")]
        event.grpc = GRPCLog(messages: [
            GRPCMessage(direction: .up, receivedAt: TestEvents.start, size: 12, compressed: false, sha256: String(repeating: "a", count: 64)),
            GRPCMessage(direction: .down, receivedAt: TestEvents.start, size: 40, compressed: true, sha256: String(repeating: "b", count: 64)),
        ], droppedMessages: 2, status: 5, statusMessage: "no such thing")
        let text = DetailContent(event: event, width: 120).lines(for: .response).map(\.text)
        #expect(text.contains("Trailers"))
        #expect(text.contains { $0.contains("grpc-status") && $0.contains("5") })
        #expect(text.contains("gRPC status 5 NOT_FOUND: no such thing"), "\(text)")
        #expect(text.contains("1 ↑ 1 ↓ messages, 2 more not kept"))
        #expect(text.contains { $0.contains("↑ 12") && $0.contains("sha256 aaaa") })
        #expect(text.contains { $0.contains("↓ 40") && $0.contains("compressed") && $0.contains("sha256 bbbb") })
    }
}
