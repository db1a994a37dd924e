import Foundation
import LoupeClient
import LoupeCore
import LoupeRedaction
import TestServerSupport
import Testing

/// What ``APIClient`` records in a redacting ``NetworkLogger``: one event per attempt.
@Suite struct APIClientLoggingTests {
    static let bearer = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm5AZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
    static let email = "ann.lee@example.com"

    struct Login: Codable, Sendable { let email: String; let password: String }
    struct LoginReply: Codable, Sendable { let accessToken: String; let user: String }

    static func redactingLogger() -> NetworkLogger {
        NetworkLogger(configuration: .redacting(ruleSet: .builtIn))
    }

    @Test func recordsEachAttemptWithItsRequestIDNumberBodiesAndTimings() async throws {
        let seen = Box(0)
        let server = try await ScriptedHTTPServer.start { _ in
            await seen.update { count in
                count += 1
                return count
            } == 1 ? .json(#"{"error":"busy"}"#, status: 503) : .json(#"{"id":"m1"}"#)
        }
        let logger = Self.redactingLogger()
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), networkLogger: logger)
        struct Model: Codable, Sendable { let id: String }
        _ = try await client.send(TestEndpoint("/flaky", as: Model.self))
        try await client.shutdown()
        await server.stop()

        let events = await logger.snapshot()
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0.source == .apiClient && $0.state == .complete })
        #expect(events.map(\.attempt) == [1, 2])
        #expect(events[0].requestID != nil && events[0].requestID == events[1].requestID)
        #expect(events[0].request.headers["x-request-id"] == events[0].requestID)
        #expect(events.map { $0.response?.status } == [503, 200])
        #expect(events.map { $0.response?.body?.text } == [#"{"error":"busy"}"#, #"{"id":"m1"}"#])
        #expect(events[0].request.method == "GET")
        #expect(events[0].request.url == server.baseURL.absoluteString + "/flaky")
        for event in events {
            let ttfb = try #require(event.timings.ttfb)
            let total = try #require(event.timings.total)
            #expect(ttfb >= 0 && total >= ttfb)
        }
    }

    @Test func storesNoBearerTokenEmailOrPasswordAnywhere() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            switch request.path {
            case "/rpc/login_with_magic_token":
                .json(#"{"accessToken":"\#(Self.bearer)","user":"\#(Self.email)"}"#,
                      headers: [HTTPHeader(name: "Set-Cookie", value: "session=\(Self.bearer)")])
            default:
                request.bearerToken == Self.bearer ? .json(#"{"email":"\#(Self.email)"}"#) : .status(401)
            }
        }
        let logger = Self.redactingLogger()
        let session = SessionController()
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), session: session, networkLogger: logger)
        let reply = try await client.send(TestEndpoint("/rpc/login_with_magic_token", method: .post, as: LoginReply.self,
                                                       sending: Login.self),
                                          body: Login(email: Self.email, password: "hunter2-correct-horse"))
        #expect(reply.accessToken == Self.bearer)  // the caller gets the real values
        try await session.signIn(AuthTokens(accessToken: reply.accessToken, refreshToken: "r", expiresAt: nil))
        struct Me: Codable, Sendable { let email: String }
        let me = try await client.send(TestEndpoint("/rpc/me", method: .post, requiresAuth: true, as: Me.self))
        #expect(me.email == Self.email)
        try await client.shutdown()
        await server.stop()

        // The server did receive the secrets; the log did not keep them.
        #expect(await server.requests.last?.bearerToken == Self.bearer)
        let events = await logger.snapshot()
        #expect(events.count == 2)
        #expect(events[1].request.headers["authorization"]?.hasPrefix("Bearer [REDACTED") == true)
        let stored = String(decoding: try JSONEncoder.loupe().encode(events), as: UTF8.self)
        #expect(!stored.contains(Self.bearer))
        #expect(!stored.contains(Self.email))
        #expect(!stored.contains("hunter2-correct-horse"))
        #expect(events.allSatisfy { $0.redactionCount > 0 })
    }

    @Test func logsTheFailedAttemptAndTheRetryAfterARefresh() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            switch (request.path, request.bearerToken) {
            case ("/rpc/refresh_tokens", _): .json(#"{"accessToken":"new-access","refreshToken":"r2"}"#)
            case (_, "new-access"?): .status(204)
            default: .json(#"{"error":"expired"}"#, status: 401)
            }
        }
        let logger = Self.redactingLogger()
        let session = SessionController(store: InMemoryTokenStore(AuthTokens(accessToken: "old-access",
                                                                              refreshToken: "r1", expiresAt: nil)))
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), session: session, networkLogger: logger)
        await session.setRefresher { [weak client] _ in
            guard let client else { throw CancellationError() }
            return try await client.send(TestEndpoint("/rpc/refresh_tokens", method: .post, as: AuthTokens.self))
        }
        try await client.send(TestEndpoint("/conversations/7", method: .delete, requiresAuth: true, as: EmptyBody.self))
        try await client.shutdown()
        await server.stop()

        let events = await logger.snapshot()
        #expect(events.map { URL(string: $0.request.url)?.path } == ["/conversations/7", "/rpc/refresh_tokens",
                                                                      "/conversations/7"])
        #expect(events.map { $0.response?.status } == [401, 200, 204])
        #expect(events[0].requestID == events[2].requestID)
        #expect(events[1].requestID != events[0].requestID)  // the refresh is its own logical request
        #expect(events.map(\.attempt) == [1, 1, 2])
    }

    @Test func recordsFailuresWithTheirKind() async throws {
        let refusing = try #require(RefusingPort())
        defer { withExtendedLifetime(refusing) {} }
        let logger = Self.redactingLogger()
        let offline = APIClient(httpClient: testHTTPClient, configuration: .testing(URL(string: "http://127.0.0.1:\(refusing.port)")!, maximumAttempts: 2),
                                networkLogger: logger)
        await #expect(throws: NetworkError.offline) { try await offline.send(TestEndpoint("/models", as: EmptyBody.self)) }
        try await offline.shutdown()
        var events = await logger.snapshot()
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0.state == .failed && $0.error?.kind == .connectionRefused })
        #expect(events.map(\.attempt) == [1, 2])
        #expect(events.first?.error?.message == NetworkError.offline.description)

        let server = try await ScriptedHTTPServer.start { _ in .json(#"{"messages":[{"id":1}]}"#) }
        await logger.clear()
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), networkLogger: logger)
        await #expect(throws: NetworkError.self) { try await client.send(TestEndpoint("/messages", as: MessageList.self)) }
        try await client.shutdown()
        await server.stop()
        events = await logger.snapshot()
        #expect(events.count == 1)
        #expect(events.first?.state == .failed)
        #expect(events.first?.response?.status == 200)
        #expect(events.first?.error?.kind == .decoding)
        #expect(events.first?.error?.message.contains("messages[0].id") == true)
    }

    @Test func truncatesBodiesAtTheCaptureLimit() async throws {
        let big = String(repeating: "x", count: 5000)
        let server = try await ScriptedHTTPServer.start { _ in .json(#"{"text":"\#(big)"}"#) }
        let logger = NetworkLogger()
        var configuration = APIClient.Configuration.testing(server.baseURL)
        configuration.bodyCaptureLimit = 100
        let client = APIClient(httpClient: testHTTPClient, configuration: configuration, networkLogger: logger)
        struct Note: Codable, Sendable { let text: String }
        let note = try await client.send(TestEndpoint("/notes", method: .put, as: Note.self, sending: Note.self),
                                         body: Note(text: big))
        #expect(note.text == big)
        try await client.shutdown()
        await server.stop()
        let event = try #require(await logger.snapshot().first)
        #expect(event.request.body?.text?.utf8.count == 100)
        #expect(event.request.body?.truncated == true)
        #expect(event.request.body?.originalSize == big.utf8.count + 11)
        #expect(event.request.body?.contentType == "application/json")
        #expect(event.response?.body?.truncated == true)
        #expect(event.response?.body?.text?.utf8.count == 100)
    }
}
