import Foundation
import LoupeClient
import LoupeCore
import Testing

/// How ``SSEClient`` reconnects: `Last-Event-ID`, the server's `retry`, the resent body, limits.
@Suite struct SSEClientReconnectTests {
    /// A chunked response cut off mid-body, which the client must treat as a dropped connection.
    static let chunkedHead: [(String, String)] = [("Content-Type", "text/event-stream"),
                                                  ("Transfer-Encoding", "chunked")]

    static func chunk(_ text: String) -> String {
        "\(String(text.utf8.count, radix: 16))\r\n\(text)\r\n"
    }

    @Test func reconnectsAfterADropWithTheLastEventID() async throws {
        let server = try await RawHTTPTestServer.start(scripts: { index in
            { connection in
                if index == 0 {
                    try await connection.sendHead(headers: Self.chunkedHead)
                    try await connection.send(Self.chunk("id: 7\ndata: a\n\ndata: cut off"))
                    // Returning closes the connection inside the chunked body: a drop.
                } else {
                    try await connection.sendHead()
                    try await connection.send("data: b\n\n")
                }
            }
        })
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(10)), maximumReconnects: 1))
        let events = try await withTimeout { try await collectAll(client.events(SSERequest(url: server.baseURL))) }
        let requests = await server.requests
        await server.stop()

        #expect(events.map(\.data) == ["a", "b"])
        #expect(events.map(\.id) == ["7", "7"])  // the resumed stream keeps the last event ID
        #expect(requests.count == 2)
        #expect(requests.first?.headers["last-event-id"] == nil)
        #expect(requests.last?.headers["last-event-id"] == "7")
    }

    @Test func aCleanEndFinishesTheStreamWhenReconnectingAfterEndIsOff() async throws {
        let server = try await RawHTTPTestServer.start(scripts: { index in
            { connection in
                if index == 0 {
                    try await connection.sendHead(headers: Self.chunkedHead)
                    try await connection.send(Self.chunk("id: 1\ndata: a\n\n"))
                    // Returning closes the connection inside the chunked body: a drop.
                } else {
                    try await connection.sendHead()
                    try await connection.send("id: 2\ndata: b\n\n")
                }
            }
        })
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(10)), maximumReconnects: 5,
            reconnectsAfterEnd: false))
        let events = try await withTimeout { try await collectAll(client.events(SSERequest(url: server.baseURL))) }
        let requests = await server.requests
        await server.stop()
        #expect(events.map(\.data) == ["a", "b"], "the drop still reconnects")
        #expect(requests.count == 2, "the clean end does not")
    }

    @Test func sendsTheGivenLastEventIDOnTheFirstConnection() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: resumed\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let events = try await withTimeout {
            try await collectAll(client.events(SSERequest(url: server.baseURL, lastEventID: "41")))
        }
        let requests = await server.requests
        await server.stop()
        #expect(requests.first?.headers["last-event-id"] == "41")
        #expect(events.first?.id == "41")
    }

    @Test func waitsTheServersRetryRatherThanTheBackoff() async throws {
        let server = try await RawHTTPTestServer.start(scripts: { index in
            { connection in
                try await connection.sendHead()
                try await connection.send(index == 0 ? "retry: 50\nid: 1\ndata: a\n\n" : "data: b\n\n")
            }
        })
        // The backoff alone would wait far longer than the test's timeout: only `retry` gets the
        // second connection in time.
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .seconds(60), maximumDelay: .seconds(60)),
            maximumReconnects: 1))
        let events = try await withTimeout { try await collectAll(client.events(SSERequest(url: server.baseURL))) }
        let requests = await server.requests
        await server.stop()
        #expect(events.map(\.data) == ["a", "b"])
        #expect(events.first?.retry == 50)
        #expect(requests.count == 2)
        #expect(requests.last?.headers["last-event-id"] == "1")
    }

    @Test func resendsThePostBodyOnReconnect() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("id: \(connection.index)\ndata: answer \(connection.index)\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(10)), maximumReconnects: 2))
        let body = #"{"text":"hello"}"#
        let request = SSERequest(url: server.baseURL + "/messages", method: "POST",
                                 headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                           HTTPHeader(name: "Authorization", value: "Bearer abc")],
                                 body: Data(body.utf8))
        let events = try await withTimeout { try await collectAll(client.events(request)) }
        let requests = await server.requests
        await server.stop()
        #expect(events.map(\.data) == ["answer 0", "answer 1", "answer 2"])
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.method == "POST" && $0.body == body && $0.target == "/messages" })
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer abc" })
        #expect(requests.map { $0.headers["last-event-id"] } == [nil, "0", "1"])
    }

    @Test func stopsAfterTheMaximumReconnectCount() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: x\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(
            reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(5)), maximumReconnects: 3))
        let events = try await withTimeout { try await collectAll(client.events(SSERequest(url: server.baseURL))) }
        let requestCount = await server.requests.count
        await server.stop()
        #expect(events.count == 4)
        #expect(requestCount == 4)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = SSEReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .seconds(1))
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 1) == .milliseconds(100))
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 2) == .milliseconds(200))
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 4) == .milliseconds(800))
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 50) == .seconds(1))
        #expect(policy.delay(serverRetry: 50, consecutiveFailures: 3) == .milliseconds(50))
        #expect(policy.delay(serverRetry: Int.max, consecutiveFailures: 0) == .seconds(1))
    }

    @Test func jitterShortensTheBackoffButNotTheServersRetry() {
        let policy = SSEReconnectPolicy(initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .seconds(1),
                                        jitter: 0.5)
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 2, random: 0.5) == .milliseconds(150))
        #expect(policy.delay(serverRetry: nil, consecutiveFailures: 50, random: 1) == .milliseconds(500))
        #expect(policy.delay(serverRetry: 300, consecutiveFailures: 2, random: 0.9) == .milliseconds(300))
        let unjittered = SSEReconnectPolicy(initialDelay: .milliseconds(100), jitter: 0)
        #expect(unjittered.delay(serverRetry: nil, consecutiveFailures: 3, random: 0.7) == .milliseconds(400))
    }
}
