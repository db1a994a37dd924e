import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing

/// WebSocket connections in HAR: Loupe writes Chrome's `_webSocketMessages` (so DevTools shows
/// the messages) plus its own counters, reads them back exactly, and imports Chrome's own files.
@Suite struct HARWebSocketTests {
    static let start = Date(timeIntervalSince1970: 1_795_327_800)

    static let socket: NetworkEvent = {
        var event = NetworkEvent(source: .proxyReverse, state: .complete, startedAt: start,
                                 timings: EventTimings(ttfb: 3, total: 1200),
                                 request: CapturedRequest(method: "GET", url: "http://127.0.0.1:8000/ws"),
                                 response: CapturedResponse(status: 101, reason: "Switching Protocols"))
        event.webSocket = WebSocketLog(
            messages: [
                WebSocketMessage(direction: .up, receivedAt: start.addingTimeInterval(0.25), opcode: .text, size: 5,
                                 text: "hello", compressed: true),
                WebSocketMessage(direction: .down, receivedAt: start.addingTimeInterval(0.5), opcode: .binary, size: 4,
                                 sha256: String(repeating: "ab", count: 32)),
                WebSocketMessage(direction: .down, receivedAt: start.addingTimeInterval(0.75), opcode: .text,
                                 size: 90_000, text: "x", truncated: true),
            ],
            pings: 2, pongs: 2, droppedMessages: 1, close: WebSocketLog.Close(code: 1000, reason: "bye", by: .down),
            extensions: "permessage-deflate")
        return event
    }()

    @Test func aLoupeWebSocketRoundTripsThroughHAR() throws {
        let data = try JSONEncoder().encode(HAREntry(Self.socket))
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["_resourceType"] as? String == "websocket")
        let messages = try #require(json["_webSocketMessages"] as? [[String: Any]])
        #expect(messages.map { $0["type"] as? String } == ["send", "receive", "receive"])
        #expect(messages.map { $0["opcode"] as? Int } == [1, 2, 1])
        #expect(messages.map { $0["data"] as? String } == ["hello", "", "x"])
        #expect(messages.first?["time"] as? Double == Self.start.timeIntervalSince1970 + 0.25)

        let back = try NetworkEvent(harEntry: JSONDecoder().decode(HAREntry.self, from: data))
        #expect(back.webSocket == Self.socket.webSocket)
        #expect(back.isWebSocket)
    }

    @Test func aChromeWebSocketHARImportsRedactedWithBinaryDigested() throws {
        let reader = EventFileReader(redactor: Redactor(ruleSet: .builtIn))
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/chrome-websocket.har")
        let events = try reader.readAll(contentsOf: url).events
        let socket = try #require(events.first)
        #expect(events.count == 1)
        #expect(socket.response?.status == 101)
        let messages = try #require(socket.webSocket?.messages)
        #expect(messages.map(\.direction) == [.up, .down, .down, .up])
        #expect(messages.map(\.opcode) == [.text, .text, .binary, .text])
        #expect(messages[2].size == 4)
        #expect(messages[2].sha256 == "054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8")
        #expect(messages[2].text == nil)
        #expect(messages[3].text == "ping")
        let text = String(decoding: try JSONEncoder.loupe().encode(events), as: UTF8.self)
        #expect(!text.contains("sk_live_51H8abcdefghijklmnopqrstuv"))
        #expect(!text.contains("ann.smith@example.com"))
        #expect(socket.redactions.values.reduce(0, +) >= 2)
        #expect(try EventFilter(parsing: "kind:ws ws.dir:down").matches(socket))
    }
}
