import Foundation
import LoupeCore
import Testing
@testable import LoupeConsole

/// A WebSocket connection in the console: its Messages tab lists the messages and follows new
/// ones while it is scrolled to the end.
@Suite struct ConsoleWebSocketTests {
    static func socket(messages count: Int) -> NetworkEvent {
        var event = TestEvents.http(1, status: 101, path: "/ws", total: nil, bodySize: nil)
        event.state = .streaming
        event.webSocket = WebSocketLog(messages: (0..<count).map { message(number: $0) }, pings: 3, pongs: 3)
        return event
    }

    static func message(number: Int) -> WebSocketMessage {
        WebSocketMessage(direction: number.isMultiple(of: 2) ? .up : .down, receivedAt: TestEvents.start,
                         opcode: .text, size: 9, text: "message \(number)")
    }

    @Test func theMessagesTabListsEachMessageWithItsDirection() {
        var event = Self.socket(messages: 2)
        event.webSocket?.messages.append(WebSocketMessage(direction: .down, opcode: .binary, size: 4,
                                                          sha256: String(repeating: "c", count: 64)))
        let content = DetailContent(event: event, width: 100)
        #expect(content.title(of: .events) == "Messages (3)")
        let text = content.lines(for: .events).map(\.text)
        #expect(text[0].hasPrefix("TIME"))
        #expect(text[1].contains("↑ text") && text[1].hasSuffix("message 0"))
        #expect(text[2].contains("↓ text") && text[2].hasSuffix("message 1"))
        #expect(text[3].contains("↓ binary") && text[3].contains("sha256 cccc"))
        #expect(text.contains { $0.contains("3 pings, 3 pongs") })
        #expect(text.last == "… open")
        #expect(EventFormat.markers(event) == "WS 3")
    }

    @Test func theMessagesTabFollowsALiveSocketWhenScrolledToTheEnd() {
        var model = ConsoleModel.loaded([Self.socket(messages: 100)])
        model.apply(.openDetail)
        model.apply(.selectTab(.events))
        model.apply(.last)
        let bottom = model.detailScroll
        #expect(bottom > 50)
        model.apply(.change(.webSocketAppended(TestEvents.id(1), Self.message(number: 100), redactionHits: [:])))
        #expect(model.detailScroll == bottom + 1)

        model.apply(.move(-5))
        model.apply(.change(.webSocketAppended(TestEvents.id(1), Self.message(number: 101), redactionHits: ["email": 1])))
        #expect(model.detailScroll == bottom - 4)  // scrolled up: the view stays put
        #expect(model.detailEvent?.webSocket?.messages.count == 102)
        #expect(model.detailEvent?.redactions == ["email": 1])
    }
}
