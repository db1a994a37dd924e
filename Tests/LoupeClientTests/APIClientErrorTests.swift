import Foundation
import LoupeClient
import LoupeCore
import TestServerSupport
import Testing

/// Every ``NetworkError`` case, reached through the real client against an in-process server.
@Suite struct APIClientErrorTests {
    /// Sends `endpoint` to a server answering every request with `response`, without retries.
    static func error<ResponseBody: Decodable & Sendable>(
        answering response: ScriptedHTTPServer.Response, _ endpoint: TestEndpoint<EmptyBody, ResponseBody>
    ) async throws -> NetworkError? {
        let server = try await ScriptedHTTPServer.start { _ in response }
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL, maximumAttempts: 1))
        let result: NetworkError?
        do {
            _ = try await withTimeout { try await client.send(endpoint) }
            result = nil
        } catch let error as NetworkError {
            result = error
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
        try await client.shutdown()
        await server.stop()
        return result
    }

    static let ping = TestEndpoint("/ping", as: EmptyBody.self)

    @Test func statusesMapToTheirCases() async throws {
        #expect(try await Self.error(answering: .status(401), Self.ping) == .unauthorized)
        #expect(try await Self.error(answering: .status(403), Self.ping) == .forbidden)
        #expect(try await Self.error(answering: .status(404), Self.ping) == .notFound)
        #expect(try await Self.error(answering: .status(429, headers: [HTTPHeader(name: "Retry-After", value: "3")]),
                                     Self.ping) == .rateLimited(retryAfter: .seconds(3)))
        #expect(try await Self.error(answering: .status(429), Self.ping) == .rateLimited(retryAfter: nil))
        #expect(try await Self.error(answering: .status(500), Self.ping) == .server(status: 500))
        #expect(try await Self.error(answering: .status(503), Self.ping) == .server(status: 503))
        #expect(try await Self.error(answering: .status(409), Self.ping) == .unexpectedStatus(409))
        #expect(try await Self.error(answering: .status(302, headers: [HTTPHeader(name: "Location", value: "http://elsewhere.test/")]),
                                     Self.ping) == .unexpectedStatus(302))
        #expect(try await Self.error(answering: .status(204), Self.ping) == nil)
    }

    @Test func aDroppedConnectionIsATransportError() async throws {
        let error = try await Self.error(answering: .dropConnection, Self.ping)
        guard case .transport(let reason)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func aRefusedPortIsOffline() async throws {
        let refusing = try #require(RefusingPort())
        defer { withExtendedLifetime(refusing) {} }
        let client = APIClient(configuration: .testing(URL(string: "http://127.0.0.1:\(refusing.port)")!, maximumAttempts: 1))
        await #expect(throws: NetworkError.offline) { try await withTimeout { try await client.send(Self.ping) } }
        try await client.shutdown()
    }

    @Test func aSlowServerTimesOut() async throws {
        let server = try await ScriptedHTTPServer.start { _ in
            try await Task.sleep(for: .seconds(10))
            return .status(204)
        }
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL, maximumAttempts: 1))
        let slow = TestEndpoint("/slow", timeout: .milliseconds(100), as: EmptyBody.self)
        await #expect(throws: NetworkError.timeout) { try await withTimeout { try await client.send(slow) } }
        try await client.shutdown()
        await server.stop()
    }

    @Test func aBodyThatStallsTimesOutToo() async throws {
        let server = try await RawHTTPTestServer.start { connection in
            try await connection.sendHead(status: "200 OK", headers: [("Content-Type", "application/json"),
                                                                       ("Content-Length", "100")])
            try await connection.send("[1,")
            try await Task.sleep(for: .seconds(10))
        }
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(URL(string: server.baseURL)!, maximumAttempts: 1))
        let endpoint = TestEndpoint("/stall", timeout: .milliseconds(150), as: [Int].self)
        await #expect(throws: NetworkError.timeout) { try await withTimeout { try await client.send(endpoint) } }
        try await client.shutdown()
        await server.stop()
    }

    @Test func aCancelledTaskIsCancelled() async throws {
        let received = TestSignal()
        let server = try await ScriptedHTTPServer.start { _ in
            received.fire()
            try await Task.sleep(for: .seconds(10))
            return .status(204)
        }
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL))
        let task = Task { try await client.send(Self.ping) }
        try await withTimeout { try await received.wait() }
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { try await withTimeout { try await task.value } }
        #expect(await server.requests.count == 1)  // not retried
        try await client.shutdown()
        await server.stop()
    }

    @Test func anUndecodableBodyNamesTheDecodingPath() async throws {
        let body = #"""
        {"messages": [
          {"id": "1", "text": "hi", "createdAt": "2026-01-31T12:00:00Z"},
          {"id": "2", "text": "ho", "createdAt": "2026-01-31T12:00:01.250Z"},
          {"id": "3", "text": "secret-text", "createdAt": "yesterday"}
        ]}
        """#
        let error = try await Self.error(answering: .json(body), TestEndpoint("/messages", as: MessageList.self))
        guard case .unexpectedPayload(let path, let reason)? = error else {
            Issue.record("expected unexpectedPayload, got \(String(describing: error))")
            return
        }
        #expect(path == "messages[2].createdAt")
        #expect(reason.contains("messages[2].createdAt"))
        #expect(error?.description.contains("yesterday") == false)
        #expect(error?.description.contains("secret-text") == false)

        let missing = try await Self.error(answering: .json(#"{"messages":[{"id":"1","text":"x"}]}"#),
                                           TestEndpoint("/messages", as: MessageList.self))
        #expect(missing == .unexpectedPayload(path: "messages[0]", reason: "the value at messages[0] lacks the key 'createdAt'."))
        let notJSON = try await Self.error(answering: .status(200, body: "<html>"), TestEndpoint("/messages", as: MessageList.self))
        #expect(notJSON == .unexpectedPayload(path: "", reason: "the value is not valid JSON."))
    }

    @Test func aBodyThatDoesNotEncodeIsAnInvalidRequestNotSent() async throws {
        let transport = ScriptedTransport { _, _ in APIResponse(status: 200) }
        let client = APIClient(transport: transport, configuration: .testing(testBaseURL))
        let endpoint = TestEndpoint("/numbers", method: .post, as: EmptyBody.self, sending: [Double].self)
        await #expect(throws: NetworkError.invalidRequest(
            reason: "the Array<Double> body does not encode as JSON: the value at [1] cannot be encoded.")) {
            try await client.send(endpoint, body: [1, .nan])
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func everyCaseReadsAsASentence() {
        let cases: [NetworkError] = [
            .unauthorized, .forbidden, .notFound, .rateLimited(retryAfter: .seconds(2)), .rateLimited(retryAfter: nil),
            .server(status: 502), .unexpectedStatus(418), .transport(reason: "the server closed the connection."),
            .unexpectedPayload(path: "a[1].b", reason: "the value at a[1].b is null."), .offline, .timeout, .cancelled,
            .session(.refreshRejected), .session(.refreshFailed(reason: "offline.")), .session(.noRefresher),
            .invalidRequest(reason: "bad path."),
        ]
        for error in cases {
            let text = error.description
            #expect(text.first?.isUppercase == true, "\(text)")
            #expect(text.hasSuffix(".") || text.hasSuffix("again."), "\(text)")
            #expect(error.localizedDescription == text)
        }
        #expect(NetworkError.rateLimited(retryAfter: .seconds(2)).description.contains("2 seconds"))
        #expect(NetworkError.server(status: 502).description.contains("502"))
    }
}
