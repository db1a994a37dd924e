import ChatAPI
import ChatClient
import Foundation
import LoupeClient
import LoupeCore
import Testing

/// The `APIClient` middleware chain against the real backend, seen through the logged events.
@Suite struct ChatClientMiddlewareTests {
    @Test func retriedGetKeepsItsRequestIDAndBearerTokenOnEveryAttempt() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await harness.backend.faults.failNext(2, status: 503)
            let page = try await harness.chat.conversations()
            #expect(page.items.count == 5)

            let attempts = await harness.apiEvents("GET", "/conversations")
            #expect(attempts.map(\.response?.status) == [503, 503, 200])
            #expect(attempts.map(\.attempt) == [1, 2, 3])
            let requestID = try #require(attempts.first?.requestID)
            for attempt in attempts {
                #expect(attempt.requestID == requestID)
                #expect(attempt.request.headers["x-request-id"] == requestID)
                #expect(attempt.request.headers["authorization"]?.hasPrefix("Bearer ") == true)
            }
            #expect(harness.sleeps.durations == [.seconds(1), .seconds(1)], "the 503s' Retry-After: 1")
        }
    }

    @Test func postIsNotRetriedAfterA503() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await harness.backend.faults.failNext(1, status: 503)
            await #expect(throws: NetworkError.server(status: 503)) {
                try await harness.chat.createConversation(title: "Once only")
            }
            #expect(await harness.apiEvents("POST", "/conversations").count == 1)
            #expect(harness.sleeps.durations.isEmpty)
            let titles = try await harness.chat.conversations().items.map(\.title)
            #expect(!titles.contains("Once only"))
        }
    }

    @Test func retryAfterOfA429IsWaitedBeforeTheRetry() async throws {
        try await withChat(backend: { $0.faults.retryAfterSeconds = 7 }) { harness in
            await harness.backend.faults.failNext(1, status: 429)
            let models = try await harness.chat.models()
            #expect(models.count == 3)
            #expect(harness.sleeps.durations == [.seconds(7)])
            #expect(await harness.apiEvents("GET", "/models").map(\.response?.status) == [429, 200])
        }
    }

    @Test func a401IsRefreshedOnceAndTheSameRequestResentWithTheNewToken() async throws {
        try await withChat { harness in
            let chat = harness.chat
            try await chat.signIn(email: "ada@example.com")
            let oldToken = try #require(await chat.session.accessToken)
            harness.serverClock.advance(by: 61)  // expired for the server, not yet for the client

            let user = try await chat.me()
            #expect(user.email == "ada@example.com")
            let newToken = try #require(await chat.session.accessToken)
            #expect(newToken != oldToken)

            let me = await harness.apiEvents("GET", "/rpc/me")
            #expect(me.map(\.response?.status) == [401, 200])
            #expect(me.map(\.attempt) == [1, 2])
            #expect(me[0].requestID != nil && me[0].requestID == me[1].requestID)
            #expect(me.allSatisfy { $0.request.headers["authorization"]?.hasPrefix("Bearer ") == true })
            let refreshes = await harness.apiEvents("POST", "/rpc/refresh_tokens")
            #expect(refreshes.count == 1)
            #expect(refreshes.first?.requestID != me[0].requestID, "the refresh is a request of its own")
            #expect(refreshes.first?.request.headers["authorization"] == nil, "the refresh token travels in the body")
            // The refresh ran between the two attempts.
            let order = await harness.events.map(\.id)
            #expect(order.firstIndex(of: refreshes[0].id)! > order.firstIndex(of: me[0].id)!)
            #expect(order.firstIndex(of: refreshes[0].id)! < order.firstIndex(of: me[1].id)!)
        }
    }

    @Test func aTokenAboutToExpireIsRefreshedBeforeTheRequest() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            harness.advanceClocks(by: 55)  // within the 10 s leeway, still valid on the server
            _ = try await harness.chat.models()  // public: needs no token
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").isEmpty)

            _ = try await harness.chat.me()
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").count == 1)
            #expect(await harness.apiEvents("GET", "/rpc/me").map(\.response?.status) == [200])
        }
    }
}
