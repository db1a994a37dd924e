import Foundation
import LoupeClient
import LoupeCore
import TestServerSupport
import Testing

/// Requests, live delivery, stop conditions and cancellation of ``SSEClient`` against a raw server.
@Suite struct SSEClientTests {
    static let fastReconnects = SSEClient.Configuration(
        reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50)))

    @Test func sendsEventStreamHeadersAndCustomHeaders() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: hi\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let request = SSERequest(url: server.baseURL + "/stream?room=1",
                                 headers: [HTTPHeader(name: "X-Client", value: "tests")])
        let events = try await withTimeout { try await collectAll(client.events(request)) }
        await server.stop()

        #expect(events.map(\.data) == ["hi"])
        let requests = await server.requests
        #expect(requests.count == 1)
        let received = try #require(requests.first)
        #expect(received.method == "GET")
        #expect(received.target == "/stream?room=1")
        #expect(received.headers["accept"] == "text/event-stream")
        #expect(received.headers["cache-control"] == "no-cache")
        #expect(received.headers["x-client"] == "tests")
        #expect(received.headers["last-event-id"] == nil)
    }

    @Test func deliversTheFirstEventBeforeTheServerSendsTheSecond() async throws {
        let firstReceived = TestSignal()
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: one\n\n")
            try await firstReceived.wait()  // the client must have the first event by now
            try await connection.send("data: two\n\n")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let data = try await withTimeout {
            var data: [String] = []
            for try await event in client.events(SSERequest(url: server.baseURL)) {
                data.append(event.data)
                if data.count == 1 { firstReceived.fire() }
            }
            return data
        }
        await server.stop()
        #expect(data == ["one", "two"])
    }

    @Test func stopsWithoutRetryOnNoContent() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead(status: "204 No Content", headers: [])
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: Self.fastReconnects)
        let error = try await withTimeout { await streamError(client.events(SSERequest(url: server.baseURL))) }
        let requestCount = await server.requests.count
        await server.stop()
        #expect(error as? SSEClientError == .noContent(url: server.baseURL))
        #expect(requestCount == 1)
    }

    @Test func stopsWithAnErrorNamingTheStatusOnServerError() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead(status: "500 Internal Server Error",
                                          headers: [("Content-Length", "4"), ("Content-Type", "text/plain")])
            try await connection.send("oops")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: Self.fastReconnects)
        let error = try await withTimeout { await streamError(client.events(SSERequest(url: server.baseURL))) }
        let requestCount = await server.requests.count
        await server.stop()
        let clientError = try #require(error as? SSEClientError)
        guard case .unexpectedStatus(500, _, _) = clientError else {
            Issue.record("expected a 500 status error, got \(clientError)")
            return
        }
        #expect(clientError.description.contains("HTTP 500"))
        #expect(requestCount == 1)
    }

    @Test func stopsOnAContentTypeOtherThanEventStreamWithoutQuotingParameters() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead(headers: [("Content-Type", "application/json; token=s3cr3t-value"),
                                                    ("Content-Length", "2")])
            try await connection.send("{}")
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: Self.fastReconnects)
        let error = try await withTimeout { await streamError(client.events(SSERequest(url: server.baseURL))) }
        let requestCount = await server.requests.count
        await server.stop()
        let clientError = try #require(error as? SSEClientError)
        #expect(clientError == .unexpectedContentType("application/json", url: server.baseURL))
        #expect(!clientError.description.contains("s3cr3t"))
        #expect(requestCount == 1)
    }

    @Test func endsWithAConnectionErrorWhenNoReconnectIsAllowed() async throws {
        let refusing = try #require(RefusingPort())
        let url = "http://127.0.0.1:\(refusing.port)"
        let client = SSEClient(httpClient: testHTTPClient, configuration: .init(maximumReconnects: 0))
        let error = try await withTimeout(.seconds(15)) { await streamError(client.events(SSERequest(url: url))) }
        withExtendedLifetime(refusing) {}
        guard case .connectionFailed = try #require(error as? SSEClientError) else {
            Issue.record("expected a connection error, got \(String(describing: error))")
            return
        }
    }

    @Test func stoppingTheIterationClosesTheServerConnection() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: one\n\n")
            await connection.waitUntilClosed()
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: Self.fastReconnects)
        let first: String? = try await withTimeout {
            for try await event in client.events(SSERequest(url: server.baseURL)) { return event.data }
            return nil
        }
        #expect(first == "one")
        let closed = await eventually { await server.closedConnections.contains(0) }
        await server.stop()
        #expect(closed)
    }

    @Test func cancellingTheConsumingTaskClosesTheServerConnection() async throws {
        let firstReceived = TestSignal()
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead()
            try await connection.send("data: one\n\n")
            await connection.waitUntilClosed()
        }
        let client = SSEClient(httpClient: testHTTPClient, configuration: Self.fastReconnects)
        let consumer = Task {
            var count = 0
            for try await _ in client.events(SSERequest(url: server.baseURL)) {
                count += 1
                firstReceived.fire()
            }
            return count
        }
        try await withTimeout { try await firstReceived.wait() }
        consumer.cancel()
        let count = try await withTimeout { try await consumer.value }
        let closed = await eventually { await server.closedConnections.contains(0) }
        let requestCount = await server.requests.count
        await server.stop()
        #expect(count == 1)
        #expect(closed)
        #expect(requestCount == 1)
    }

    @Test func rejectsANonHTTPURL() async throws {
        let client = SSEClient(httpClient: testHTTPClient)
        let error = try await withTimeout { await streamError(client.events(SSERequest(url: "ftp://example.com/x"))) }
        #expect(error as? SSEClientError == .invalidURL("ftp://example.com/x"))
    }
}

/// Every event of `stream` until it finishes.
func collectAll<S: AsyncSequence & Sendable>(_ stream: S) async throws -> [S.Element] where S.Element: Sendable {
    var elements: [S.Element] = []
    for try await element in stream { elements.append(element) }
    return elements
}

/// The error `stream` ends with, nil when it finishes normally.
func streamError<S: AsyncSequence & Sendable>(_ stream: S) async -> (any Error)? {
    do {
        for try await _ in stream {}
        return nil
    } catch {
        return error
    }
}
