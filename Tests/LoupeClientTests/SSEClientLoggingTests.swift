import Foundation
import LoupeClient
import LoupeCore
import LoupeRedaction
import Testing

/// What ``SSEClient`` records in a ``NetworkLogger``, and its typed decoding.
@Suite struct SSEClientLoggingTests {
    /// A GitHub token shape the built-in rules redact.
    static let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"

    @Test func recordsEveryAttemptAndEventRedacted() async throws {
        let firstReceived = TestSignal()
        let server = try await RawHTTPTestServer.start(scripts: { index in
            { connection in
                try await connection.sendHead()
                if index == 0 {
                    try await connection.send("id: 1\ndata: {\"token\":\"\(Self.token)\"}\n\n")
                    try await firstReceived.wait()
                    try await connection.send("id: 2\ndata: second \(Self.token)\n\n")
                } else {
                    try await connection.send("data: third\n\n")
                }
            }
        })
        let logger = NetworkLogger(configuration: .redacting())
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(10)), maximumReconnects: 1),
                               networkLogger: logger)
        let (firstData, streamingSeen, rest) = try await withTimeout {
            var iterator = client.events(SSERequest(url: server.baseURL + "/chat")).makeAsyncIterator()
            let first = try await iterator.next()
            // While the first connection is open its log event is streaming, the event appended.
            let streamingSeen = await eventually {
                let events = await logger.snapshot()
                return events.count == 1 && events[0].state == .streaming && events[0].sseEvents.count == 1
            }
            firstReceived.fire()
            var rest: [String] = []
            while let event = try await iterator.next() { rest.append(event.data) }
            return (first?.data, streamingSeen, rest)
        }
        #expect(firstData?.contains(Self.token) == true)  // the consumer gets the real data
        #expect(streamingSeen)
        #expect(rest == ["second \(Self.token)", "third"])
        await server.stop()

        let events = await logger.snapshot()
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0.source == .sseClient && $0.state == .complete })
        #expect(events.map(\.attempt) == [1, 2])
        #expect(events[0].requestID != nil)
        #expect(events[0].requestID == events[1].requestID)
        #expect(events.map(\.sseEvents.count) == [2, 1])
        #expect(events.map { $0.response?.status } == [200, 200])
        #expect(events[0].request.headers["accept"] == "text/event-stream")
        #expect(events[1].request.headers["last-event-id"] == "2")
        let stored = events.flatMap(\.sseEvents).map(\.data).joined(separator: "\n")
        #expect(!stored.contains(Self.token))
        #expect(events[0].redactionCount >= 2)
    }

    @Test func recordsAFailedAttemptWithItsStatus() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead(status: "503 Service Unavailable", headers: [("Content-Length", "0")])
        }
        let logger = NetworkLogger(configuration: .redacting())
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0), networkLogger: logger)
        let error = try await withTimeout { await streamError(client.events(SSERequest(url: server.baseURL))) }
        await server.stop()
        #expect(error != nil)
        let events = await logger.snapshot()
        #expect(events.count == 1)
        #expect(events.first?.state == .failed)
        #expect(events.first?.response?.status == 503)
        #expect(events.first?.error?.kind == .http)
    }

    struct Delta: Decodable, Sendable, Equatable {
        let text: String
        let done: Bool
    }

    @Test func decodesEventDataAsJSON() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("event: delta\ndata: {\"text\":\"Hel\",\"done\":false}\n\n")
            try await connection.send("event: ping\ndata: not json\n\n")
            try await connection.send("event: delta\ndata: {\"text\":\"lo\",\n")
            try await connection.send("data: \"done\":true}\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let deltas = try await withTimeout {
            try await collectAll(client.events(SSERequest(url: server.baseURL), decoding: Delta.self,
                                               eventTypes: ["delta"]))
        }
        await server.stop()
        #expect(deltas == [Delta(text: "Hel", done: false), Delta(text: "lo", done: true)])
    }

    @Test func failsOnDataThatDoesNotDecode() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: {\"text\":\"secret-ish\"}\n\n")
            await connection.waitUntilClosed()
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let error = try await withTimeout {
            await streamError(client.events(SSERequest(url: server.baseURL), decoding: Delta.self))
        }
        let closed = await eventually { await server.closedConnections.contains(0) }
        await server.stop()
        let clientError = try #require(error as? SSEClientError)
        #expect(clientError == .undecodableEvent(type: "message", reason: "the value lacks the key 'done'."))
        #expect(!clientError.description.contains("secret-ish"))
        #expect(closed)
    }
}
