import ChatAPI
import ChatClient
import Foundation
import LoupeClient
import LoupeCore
import Testing

/// Token refresh against the real backend: single-flight under load, and sign-out when the
/// refresh token is no longer accepted.
@Suite struct ChatClientSessionTests {
    /// Sends `me()` 50 times at once; every call must succeed.
    private func fiftyConcurrentCalls(_ chat: ChatClient) async throws {
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { try await chat.me().email } }
            var emails: [String] = []
            for try await email in group { emails.append(email) }
            #expect(emails.count == 50)
            #expect(Set(emails) == ["ada@example.com"])
        }
    }

    @Test func fiftyConcurrentRequestsWithAnExpiredTokenRefreshOnce() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            let before = await harness.chat.session.accessToken
            harness.advanceClocks(by: 120)

            try await fiftyConcurrentCalls(harness.chat)
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").count == 1)
            #expect(await harness.apiEvents("GET", "/rpc/me").allSatisfy { $0.response?.status == 200 },
                    "the expired token was never sent")
            #expect(await harness.chat.session.accessToken != before)
        }
    }

    @Test func fiftyConcurrent401sRefreshOnce() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            harness.serverClock.advance(by: 120)  // only the server knows the token expired

            try await fiftyConcurrentCalls(harness.chat)
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").count == 1)
            let statuses = await harness.apiEvents("GET", "/rpc/me").compactMap(\.response?.status)
            #expect(statuses.filter { $0 == 200 }.count == 50)
            #expect(statuses.contains(401))
        }
    }

    @Test func aRejectedRefreshSignsOutAndSurfacesASessionError() async throws {
        let store = InMemoryTokenStore()
        try await withChat(backend: { $0.refreshTokenLifetime = .seconds(300) },
                           client: { $0.tokenStore = store }) { harness in
            let chat = harness.chat
            try await chat.signIn(email: "ada@example.com")
            #expect(await store.load() != nil)
            harness.advanceClocks(by: 301)  // the refresh token has expired too

            await #expect(throws: NetworkError.session(.refreshRejected)) { try await chat.me() }
            #expect(await chat.session.state == .signedOut)
            #expect(await store.load() == nil)
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").map(\.response?.status) == [401])
            #expect(await harness.apiEvents("GET", "/rpc/me").isEmpty, "the expired token was never sent")

            let logged = await harness.events.count
            await #expect(throws: NetworkError.unauthorized) { try await chat.me() }
            #expect(await harness.events.count == logged, "signed out: nothing is sent")
        }
    }

    @Test func aFailedRefreshKeepsTheSessionForTheNextTry() async throws {
        try await withChat { harness in
            let chat = harness.chat
            try await chat.signIn(email: "ada@example.com")
            harness.advanceClocks(by: 120)
            await harness.backend.faults.failNext(1, status: 503)

            await #expect(throws: NetworkError.self) { try await chat.me() }
            guard case .failed(.refreshFailed) = await chat.session.state else {
                Issue.record("expected a failed refresh, got \(await chat.session.state)")
                return
            }
            let me = try await chat.me()  // the next request refreshes again
            #expect(me.email == "ada@example.com")
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").map(\.response?.status) == [503, 200])
        }
    }

    @Test func signOutForgetsTheSession() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await harness.chat.signOut()
            #expect(await harness.chat.session.state == .signedOut)
            await #expect(throws: NetworkError.unauthorized) { try await harness.chat.conversations() }
        }
    }
}
