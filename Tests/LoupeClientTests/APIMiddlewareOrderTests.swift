import Foundation
import LoupeClient
import LoupeCore
import Testing

/// The standard middleware chain: its order and what each position guarantees.
@Suite struct APIMiddlewareOrderTests {
    @Test func standardChainIsRequestIDAuthRetryRefreshLogging() {
        let client = APIClient(transport: ScriptedTransport { _, _ in APIResponse(status: 200) },
                               configuration: .testing(testBaseURL))
        let names = client.chain.middleware.map { "\(type(of: $0))" }
        #expect(names == ["RequestIDMiddleware", "AuthMiddleware", "RetryMiddleware", "RefreshMiddleware",
                          "LoggingMiddleware"])
    }

    /// 503, then 401, then 200: the retry waits once (for the 503 only), the refresh retry sends
    /// the new token, and every attempt is logged with the one request id and its own number.
    @Test func retryWrapsRefreshAndLoggingSeesEveryAttempt() async throws {
        let transport = ScriptedTransport { request, index in
            switch index {
            case 0: APIResponse(status: 503)
            case 1: APIResponse(status: 401)
            default: APIResponse(status: 200, body: Data("[]".utf8))
            }
        }
        let refreshes = Box(0)
        let session = SessionController(store: InMemoryTokenStore(AuthTokens(accessToken: "old-token",
                                                                              refreshToken: "r1", expiresAt: nil))) { _ in
            await refreshes.update { $0 += 1 }
            return AuthTokens(accessToken: "new-token", refreshToken: "r2", expiresAt: nil)
        }
        let logger = NetworkLogger()
        let sleeps = RecordedSleeps()
        let client = APIClient(transport: transport, configuration: .testing(testBaseURL, retryTiming: sleeps.timing),
                               session: session, networkLogger: logger)
        let result = try await client.send(TestEndpoint("/models", requiresAuth: true, as: [String].self))
        #expect(result == [])

        let sent = await transport.requests
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer old-token", "Bearer old-token", "Bearer new-token"])
        let ids = Set(sent.map { $0.headers["x-request-id"] })
        #expect(ids.count == 1 && ids.first! != nil)
        #expect(sent.map(\.attempt) == [1, 2, 3])
        #expect(await sleeps.durations.count == 1)
        #expect(await refreshes.value == 1)

        let events = await logger.snapshot()
        #expect(events.map(\.attempt) == [1, 2, 3])
        #expect(events.map { $0.response?.status } == [503, 401, 200])
        #expect(Set(events.map(\.requestID)).count == 1)
        #expect(events.first?.requestID == sent.first?.headers["x-request-id"])
    }

    /// Retry sits outside the refresh: the resend after a refresh is part of one retry pass, so
    /// it does not reset the retry budget (2 attempts here: 503, then 401 + refreshed 503, done).
    @Test func aRefreshDoesNotResetTheRetryBudget() async throws {
        let transport = ScriptedTransport { request, _ in
            request.headers["authorization"] == "Bearer new-token" || request.attempt == 1
                ? APIResponse(status: 503) : APIResponse(status: 401)
        }
        let session = SessionController(store: InMemoryTokenStore(AuthTokens(accessToken: "old-token",
                                                                              refreshToken: "r1", expiresAt: nil))) { _ in
            AuthTokens(accessToken: "new-token", refreshToken: "r2", expiresAt: nil)
        }
        let client = APIClient(transport: transport, configuration: .testing(testBaseURL, maximumAttempts: 2),
                               session: session)
        await #expect(throws: NetworkError.server(status: 503)) {
            try await client.send(TestEndpoint("/models", requiresAuth: true, as: EmptyBody.self))
        }
        #expect(await transport.requests.map(\.attempt) == [1, 2, 3])
    }

    @Test func authFailsWithoutSessionBeforeAnythingIsSentOrLogged() async throws {
        let transport = ScriptedTransport { _, _ in APIResponse(status: 200) }
        let logger = NetworkLogger()
        let signedOut = APIClient(transport: transport, configuration: .testing(testBaseURL),
                                  session: SessionController(), networkLogger: logger)
        let noSession = APIClient(transport: transport, configuration: .testing(testBaseURL), networkLogger: logger)
        for client in [signedOut, noSession] {
            await #expect(throws: NetworkError.unauthorized) {
                try await client.send(TestEndpoint("/rpc/me", method: .post, requiresAuth: true, as: EmptyBody.self))
            }
        }
        #expect(await transport.requests.isEmpty)
        #expect(await logger.snapshot().isEmpty)
    }

    @Test func requestIDMiddlewareKeepsAnIDTheEndpointSet() async throws {
        let transport = ScriptedTransport { _, _ in APIResponse(status: 200) }
        let chain = APIMiddlewareChain([RequestIDMiddleware(makeID: { "generated" })], transport: transport)
        _ = try await chain.send(APIRequest(url: testBaseURL))
        _ = try await chain.send(APIRequest(url: testBaseURL, headers: [HTTPHeader(name: "x-request-id", value: "mine")]))
        let sent = await transport.requests
        #expect(sent.map { $0.headers.values(named: "x-request-id") } == [["generated"], ["mine"]])
        #expect(sent.map(\.requestID) == ["generated", "mine"])
    }

    @Test func eachLogicalRequestGetsAFreshID() async throws {
        let transport = ScriptedTransport { _, _ in APIResponse(status: 204) }
        let client = APIClient(transport: transport, configuration: .testing(testBaseURL))
        for _ in 0..<3 { try await client.send(TestEndpoint("/ping", as: EmptyBody.self)) }
        let ids = await transport.requests.compactMap(\.requestID)
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids.allSatisfy { UUID(uuidString: $0) != nil })
    }
}
