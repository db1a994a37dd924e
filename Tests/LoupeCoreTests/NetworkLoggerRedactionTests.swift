import Foundation
import Testing
@testable import LoupeCore

/// Replaces every `SECRET` with `[MARKER]` in the strings a source can supply, counting each under
/// the rule id `marker`. Idempotent: redacted text holds no `SECRET`, so a second pass counts nothing.
private struct MarkerRedactor: EventRedactor {
    static let secret = "SECRET"

    func redact(_ event: inout NetworkEvent) {
        var hits = 0
        func scrub(_ text: inout String) {
            let parts = text.components(separatedBy: Self.secret)
            guard parts.count > 1 else { return }
            hits += parts.count - 1
            text = parts.joined(separator: "[MARKER]")
        }
        func scrub(_ text: inout String?) {
            guard var value = text else { return }
            scrub(&value)
            text = value
        }
        func scrub(_ headers: inout [HTTPHeader]) {
            for index in headers.indices { scrub(&headers[index].value) }
        }
        func scrub(_ body: inout CapturedBody?) {
            guard var value = body else { return }
            scrub(&value.text)
            body = value
        }
        scrub(&event.request.url)
        scrub(&event.request.headers)
        scrub(&event.request.body)
        if var response = event.response {
            scrub(&response.reason)
            scrub(&response.headers)
            scrub(&response.body)
            event.response = response
        }
        for index in event.sseEvents.indices { scrub(&event.sseEvents[index].data) }
        if var webSocket = event.webSocket {
            for index in webSocket.messages.indices { scrub(&webSocket.messages[index].text) }
            event.webSocket = webSocket
        }
        if var error = event.error {
            scrub(&error.message)
            event.error = error
        }
        scrub(&event.requestID)
        if hits > 0 { event.redactions["marker", default: 0] += hits }
    }

    func redact(_ sseEvent: inout SSEEvent) -> [String: Int] {
        let parts = sseEvent.data.components(separatedBy: Self.secret)
        guard parts.count > 1 else { return [:] }
        sseEvent.data = parts.joined(separator: "[MARKER]")
        return ["marker": parts.count - 1]
    }

    func redact(_ message: inout WebSocketMessage) -> [String: Int] {
        guard let parts = message.text?.components(separatedBy: Self.secret), parts.count > 1 else { return [:] }
        message.text = parts.joined(separator: "[MARKER]")
        return ["marker": parts.count - 1]
    }
}

@Suite struct NetworkLoggerRedactionTests {
    @Test func unredactedTextNeverReachesStorageSnapshotsOrSubscribers() async throws {
        let logger = NetworkLogger(configuration: .init(redactor: MarkerRedactor()))
        let changes = await logger.changes()

        var event = LoggerFixtures.pending(url: "https://api.example.com/items?token=SECRET")
        event.request.headers = [HTTPHeader(name: "Authorization", value: "Bearer SECRET")]
        let recorded = await logger.record(event)
        #expect(recorded.redactions == ["marker": 2])

        var replacement = event
        replacement.request.body = CapturedBody(contentType: "text/plain", text: "SECRET")
        await logger.update(replacement)
        await logger.update(id: event.id) { $0.requestID = "req-SECRET" }
        await logger.appendSSE(id: event.id, SSEEvent(data: "SECRET and SECRET"))
        await logger.finish(
            id: event.id,
            response: CapturedResponse(status: 500, headers: [HTTPHeader(name: "Set-Cookie", value: "s=SECRET")],
                                       body: CapturedBody(contentType: "text/plain", text: "oops SECRET")),
            error: EventError(kind: .http, message: "The server said SECRET."))

        let stored = try #require(await logger.event(id: event.id))
        let snapshot = await logger.snapshot()
        // added, updated, updated, sseAppended, updated.
        let seen = await LoggerFixtures.next(5, of: changes)
        #expect(seen.count == 5)

        let everything = String(reflecting: snapshot) + String(reflecting: seen) + String(reflecting: stored)
        #expect(!everything.contains(MarkerRedactor.secret))
        #expect(everything.contains("[MARKER]"))
        let json = try String(decoding: JSONEncoder.loupe().encode(snapshot), as: UTF8.self)
        #expect(!json.contains(MarkerRedactor.secret))
    }

    @Test func redactionCountsAreNotInflatedByRepeatedPasses() async throws {
        let logger = NetworkLogger(configuration: .init(redactor: MarkerRedactor()))
        var event = LoggerFixtures.pending(url: "https://api.example.com/items?token=SECRET")
        event.request.headers = [HTTPHeader(name: "Authorization", value: "Bearer SECRET")]
        await logger.record(event)                                               // 2
        await logger.update(id: event.id) { $0.requestID = "req-SECRET" }         // +1, stored parts count 0
        await logger.appendSSE(id: event.id, SSEEvent(data: "SECRET and SECRET")) // +2, only the SSE event
        await logger.update(id: event.id) { $0.attempt = 2 }                       // +0
        await logger.finish(id: event.id, response: CapturedResponse(
            status: 200, body: CapturedBody(contentType: "text/plain", text: "SECRET")))  // +1
        let stored = try #require(await logger.event(id: event.id))
        #expect(stored.redactions == ["marker": 6])
        #expect(stored.sseEvents.first?.data == "[MARKER] and [MARKER]")
        #expect(stored.request.url.hasSuffix("token=[MARKER]"))
        #expect(stored.response?.body?.text == "[MARKER]")
        #expect(await logger.stats.storedBytes == stored.storedSize)
    }

    @Test func sseAppendedChangesCarryTheRedactedEventAndItsHits() async {
        let logger = NetworkLogger(configuration: .init(redactor: MarkerRedactor()))
        let event = await logger.record(LoggerFixtures.pending())
        let changes = await logger.changes()
        await logger.appendSSE(id: event.id, SSEEvent(receivedAt: LoggerFixtures.start, data: "SECRET"))
        let seen = await LoggerFixtures.next(1, of: changes)
        let expected = SSEEvent(receivedAt: LoggerFixtures.start, data: "[MARKER]")
        #expect(seen == [.sseAppended(event.id, expected, redactionHits: ["marker": 1])])
        #expect(await logger.event(id: event.id)?.redactions == ["marker": 1])
    }

    @Test func webSocketMessagesAreRedactedOneByOneAndCountedOnce() async throws {
        let logger = NetworkLogger(configuration: .init(redactor: MarkerRedactor()))
        let event = await logger.record(LoggerFixtures.pending())
        let changes = await logger.changes()
        let message = WebSocketMessage(direction: .up, receivedAt: LoggerFixtures.start, opcode: .text, size: 17,
                                       text: "SECRET and SECRET")
        await logger.appendWebSocket(id: event.id, message)
        let binary = WebSocketMessage(direction: .down, receivedAt: LoggerFixtures.start, opcode: .binary, size: 4,
                                      sha256: String(repeating: "a", count: 64))
        await logger.appendWebSocket(id: event.id, binary)
        await logger.update(id: event.id) { $0.attempt = 2 }  // a whole-event pass finds nothing new

        let seen = await LoggerFixtures.next(2, of: changes)
        var redacted = message
        redacted.text = "[MARKER] and [MARKER]"
        #expect(seen == [.webSocketAppended(event.id, redacted, redactionHits: ["marker": 2]),
                         .webSocketAppended(event.id, binary, redactionHits: [:])])
        let stored = try #require(await logger.event(id: event.id))
        #expect(stored.webSocket?.messages == [redacted, binary])
        #expect(stored.state == .streaming)
        #expect(stored.redactions == ["marker": 2])
        #expect(await logger.stats.storedBytes == stored.storedSize)
    }
}
