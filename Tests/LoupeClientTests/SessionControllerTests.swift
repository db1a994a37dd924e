import Foundation
import LoupeClient
import LoupeCore
import Testing

/// Token refresh: single flight, proactive, and what a failed refresh does to the session.
@Suite struct SessionControllerTests {
    static let stale = AuthTokens(accessToken: "stale-access", refreshToken: "refresh-1", expiresAt: nil)
    static let fresh = AuthTokens(accessToken: "fresh-access", refreshToken: "refresh-2", expiresAt: nil)

    struct Me: Codable, Sendable, Equatable { let id: String }
    struct RefreshRequest: Codable, Sendable { let refreshToken: String }

    @Test func fiftyConcurrent401sCauseExactlyOneRefresh() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            request.bearerToken == Self.fresh.accessToken ? .json(#"{"id":"me"}"#) : .status(401)
        }
        let refreshes = Box(0)
        let session = SessionController(store: InMemoryTokenStore(Self.stale)) { refreshToken in
            await refreshes.update { $0 += 1 }
            #expect(refreshToken == Self.stale.refreshToken)
            // Hold the refresh until all 50 requests have had their 401, so they all wait on it.
            let allRejected = await eventually {
                await server.requests.filter { $0.bearerToken == Self.stale.accessToken }.count >= 50
            }
            #expect(allRejected)
            return Self.fresh
        }
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), session: session)
        let results = try await withTimeout(.seconds(20)) {
            try await withThrowingTaskGroup(of: Me.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await client.send(TestEndpoint("/rpc/me", method: .post, requiresAuth: true, as: Me.self)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await client.shutdown()
        await server.stop()

        #expect(results.count == 50 && results.allSatisfy { $0 == Me(id: "me") })
        #expect(await refreshes.value == 1)
        let requests = await server.requests
        #expect(requests.filter { $0.bearerToken == Self.stale.accessToken }.count == 50)
        #expect(requests.filter { $0.bearerToken == Self.fresh.accessToken }.count == 50)
        #expect(await session.state == .authenticated)
        #expect(await session.accessToken == Self.fresh.accessToken)
    }

    /// A store that takes a moment to read, like a file on a slow disk.
    actor SlowTokenStore: TokenStore {
        var tokens: AuthTokens?
        private(set) var loads = 0
        init(_ tokens: AuthTokens?) { self.tokens = tokens }
        func load() async throws(TokenStoreError) -> AuthTokens? {
            loads += 1
            let read = tokens  // what the disk held when the read began
            try? await Task.sleep(for: .milliseconds(50))
            return read
        }
        func save(_ tokens: AuthTokens) { self.tokens = tokens }
        func clear() { tokens = nil }
    }

    @Test func concurrentFirstRequestsWaitForOneLoadOfTheStoredTokens() async throws {
        let store = SlowTokenStore(Self.fresh)
        let session = SessionController(store: store)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await session.validAccessToken() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens == Array(repeating: Self.fresh.accessToken, count: 20))
        #expect(await store.loads == 1)
    }

    @Test func aSignInDuringTheFirstLoadWinsOverTheStoredTokens() async throws {
        let session = SessionController(store: SlowTokenStore(Self.stale))
        async let first = session.accessToken  // starts reading the slow store
        try await Task.sleep(for: .milliseconds(10))
        try await session.signIn(Self.fresh)
        #expect(await first == Self.fresh.accessToken)
        #expect(await session.accessToken == Self.fresh.accessToken)
    }

    @Test func aRejectedRefreshSignsOutAndSurfacesASessionError() async throws {
        // The refresh endpoint itself answers 401: the refresh token is no good.
        let server = try await ScriptedHTTPServer.start { _ in .status(401) }
        let store = InMemoryTokenStore(Self.stale)
        let session = SessionController(store: store)
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), session: session)
        await session.setRefresher { [weak client] refreshToken in
            guard let client else { throw CancellationError() }
            return try await client.send(TestEndpoint("/rpc/refresh_tokens", method: .post, as: AuthTokens.self,
                                                      sending: RefreshRequest.self),
                                         body: RefreshRequest(refreshToken: refreshToken))
        }
        try await session.restore()
        let states = await session.stateChanges()

        await #expect(throws: NetworkError.session(.refreshRejected)) {
            try await client.send(TestEndpoint("/conversations", requiresAuth: true, as: EmptyBody.self))
        }
        #expect(await session.state == .signedOut)
        #expect(await session.accessToken == nil)
        #expect(await store.load() == nil)
        var seen: [SessionController.State] = []
        for await state in states {
            seen.append(state)
            if state == .signedOut, seen.count > 1 { break }
        }
        #expect(seen == [.authenticated, .refreshing, .signedOut])

        // Signed out now: the next request fails before reaching the server.
        let before = await server.requests.count
        await #expect(throws: NetworkError.unauthorized) {
            try await client.send(TestEndpoint("/conversations", requiresAuth: true, as: EmptyBody.self))
        }
        #expect(await server.requests.count == before)
        #expect(before == 2)  // the 401 and the refresh call
        try await client.shutdown()
        await server.stop()
    }

    @Test func aRefreshThatFailsForAPassingReasonKeepsTheSession() async throws {
        let session = SessionController(store: InMemoryTokenStore(Self.stale)) { _ in throw NetworkError.offline }
        let error = await #expect(throws: NetworkError.self) {
            try await session.refresh(rejectedAccessToken: Self.stale.accessToken)
        }
        guard case .session(.refreshFailed(let reason))? = error else {
            Issue.record("expected a refreshFailed session error, got \(String(describing: error))")
            return
        }
        #expect(reason == NetworkError.offline.description)
        #expect(await session.accessToken == Self.stale.accessToken)
        guard case .failed = await session.state else {
            Issue.record("expected the failed state")
            return
        }
    }

    @Test func singleFlightAlsoHoldsWithoutTheClient() async throws {
        let gate = TestSignal()
        let refreshes = Box(0)
        let session = SessionController(store: InMemoryTokenStore(Self.stale)) { _ in
            await refreshes.update { $0 += 1 }
            try await gate.wait()
            return Self.fresh
        }
        let tokens = try await withTimeout {
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<50 { group.addTask { try await session.refresh(rejectedAccessToken: Self.stale.accessToken) } }
                // Every caller is waiting once the state says refreshing and the refresher ran.
                _ = await eventually { await refreshes.value == 1 }
                try await Task.sleep(for: .milliseconds(20))
                gate.fire()
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(tokens == Array(repeating: Self.fresh.accessToken, count: 50))
        #expect(await refreshes.value == 1)
        // A late caller still holding the stale token gets the new one without a refresh.
        #expect(try await session.refresh(rejectedAccessToken: Self.stale.accessToken) == Self.fresh.accessToken)
        #expect(await refreshes.value == 1)
    }

    @Test func refreshesProactivelyShortlyBeforeExpiry() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let refreshes = Box(0)
        let expiring = AuthTokens(accessToken: "expiring", refreshToken: "r", expiresAt: now.addingTimeInterval(30))
        let session = SessionController(store: InMemoryTokenStore(expiring),
                                        configuration: .init(refreshLeeway: .seconds(60), now: { now })) { _ in
            await refreshes.update { $0 += 1 }
            return AuthTokens(accessToken: "renewed", refreshToken: "r2", expiresAt: now.addingTimeInterval(3600))
        }
        #expect(try await session.validAccessToken() == "renewed")
        #expect(try await session.validAccessToken() == "renewed")
        #expect(await refreshes.value == 1)
    }

    @Test func aFailedProactiveRefreshStillUsesATokenThatHasNotExpired() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let expiring = AuthTokens(accessToken: "expiring", refreshToken: "r", expiresAt: now.addingTimeInterval(30))
        let session = SessionController(store: InMemoryTokenStore(expiring),
                                        configuration: .init(now: { now })) { _ in throw NetworkError.timeout }
        #expect(try await session.validAccessToken() == "expiring")

        let expired = AuthTokens(accessToken: "expired", refreshToken: "r", expiresAt: now.addingTimeInterval(-1))
        try await session.signIn(expired)
        await #expect(throws: NetworkError.self) { try await session.validAccessToken() }
    }

    @Test func aSignOutDuringARefreshWins() async throws {
        let gate = TestSignal()
        let session = SessionController(store: InMemoryTokenStore(Self.stale)) { _ in
            try await gate.wait()
            return Self.fresh
        }
        let refresh = Task { try await session.refresh(rejectedAccessToken: Self.stale.accessToken) }
        _ = await eventually { await session.state == .refreshing }
        await session.signOut()
        gate.fire()
        await #expect(throws: NetworkError.unauthorized) { try await refresh.value }
        #expect(await session.state == .signedOut)
        #expect(await session.accessToken == nil)
    }

    @Test func aRefresherWhoseEndpointRequiresAuthDoesNotWaitForItself() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            switch (request.path, request.bearerToken) {
            case ("/rpc/refresh_tokens", _): .json(#"{"accessToken":"fresh-access","refreshToken":"refresh-2"}"#)
            case (_, Self.fresh.accessToken?): .status(204)
            default: .status(401)
            }
        }
        let session = SessionController(store: InMemoryTokenStore(Self.stale))
        let client = APIClient(httpClient: testHTTPClient, configuration: .testing(server.baseURL), session: session)
        await session.setRefresher { [weak client] _ in
            guard let client else { throw CancellationError() }
            return try await client.send(TestEndpoint("/rpc/refresh_tokens", method: .post, requiresAuth: true,
                                                      as: AuthTokens.self))
        }
        _ = try await withTimeout {
            try await client.send(TestEndpoint("/rpc/me", requiresAuth: true, as: EmptyBody.self))
        }
        #expect(await session.accessToken == Self.fresh.accessToken)
        try await client.shutdown()
        await server.stop()
    }

    @Test func signInSavesAndRestoreLoads() async throws {
        let store = InMemoryTokenStore()
        let first = SessionController(store: store)
        #expect(try await first.restore() == false)
        try await first.signIn(Self.fresh)
        #expect(await store.load() == Self.fresh)
        let second = SessionController(store: store)
        #expect(try await second.restore() == true)
        #expect(await second.state == .authenticated)
        #expect(try await second.validAccessToken() == Self.fresh.accessToken)
        await second.signOut()
        #expect(await store.load() == nil)
    }

    @Test func tokensNeverAppearInTheirDescription() {
        let text = "\(Self.fresh) \(String(reflecting: Self.fresh))"
        #expect(!text.contains(Self.fresh.accessToken))
        #expect(!text.contains(Self.fresh.refreshToken))
    }
}
