import ChatAPI
import ChatBackend
import ChatClient
import Foundation
import LoupeClient
import LoupeCore
import TestServerSupport
import Testing

/// Every `NetworkError` case, produced by the real backend (or by its absence).
@Suite struct ChatClientErrorTests {
    @Test func unauthorizedWithoutASessionFailsBeforeSending() async throws {
        try await withChat { harness in
            await #expect(throws: NetworkError.unauthorized) { try await harness.chat.me() }
            #expect(await harness.events.isEmpty)
        }
    }

    @Test func unauthorizedWhenTheServerRejectsEvenTheRefreshedToken() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await #expect(throws: NetworkError.unauthorized) {
                try await harness.chat.api.send(ChatEndpoints.GetMe().failing(with: 401))
            }
            #expect(await harness.apiEvents("GET", "/rpc/me").map(\.response?.status) == [401, 401])
            #expect(await harness.apiEvents("POST", "/rpc/refresh_tokens").count == 1)
        }
    }

    @Test func forbidden() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await #expect(throws: NetworkError.forbidden) {
                try await harness.chat.api.send(ChatEndpoints.ListConversations().failing(with: 403))
            }
            #expect(await harness.apiEvents("GET", "/conversations").count == 1, "a 403 is not retried")
        }
    }

    @Test func notFound() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await #expect(throws: NetworkError.notFound) { try await harness.chat.conversation(id: "conv_missing") }
        }
    }

    @Test func rateLimitedCarriesTheServersRetryAfterOnceRetriesAreUsedUp() async throws {
        try await withChat { harness in
            await #expect(throws: NetworkError.rateLimited(retryAfter: .seconds(2))) {
                try await harness.chat.api.send(ChatEndpoints.ListModels().failing(with: 429, retryAfter: 2))
            }
            #expect(harness.sleeps.durations == [.seconds(2), .seconds(2)])
            #expect(await harness.apiEvents("GET", "/models").count == 3)
        }
    }

    @Test func serverErrorAfterTheRetries() async throws {
        try await withChat { harness in
            await #expect(throws: NetworkError.server(status: 500)) {
                try await harness.chat.api.send(ChatEndpoints.ListModels().failing(with: 500))
            }
            #expect(await harness.apiEvents("GET", "/models").map(\.response?.status) == [500, 500, 500])
        }
    }

    @Test func unexpectedStatusForARejectedBody() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await #expect(throws: NetworkError.unexpectedStatus(400)) {
                try await harness.chat.createConversation(title: "x", modelId: "no-such-model")
            }
        }
    }

    @Test func transportWhenTheResponseIsTooLarge() async throws {
        try await withChat(client: { $0.api.maximumResponseSize = 64 }) { harness in
            let error = await #expect(throws: NetworkError.self) { try await harness.chat.models() }
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func offlineWhenNothingListens() async throws {
        let refusing = try #require(RefusingPort())
        defer { withExtendedLifetime(refusing) {} }
        var configuration = ChatClient.Configuration(baseURL: URL(string: "http://127.0.0.1:\(refusing.port)")!)
        configuration.api.retryPolicy = .never
        let chat = ChatClient(configuration: configuration)
        await #expect(throws: NetworkError.offline) { try await chat.models() }
        try await chat.shutdown()
    }

    @Test func timeoutWhenTheServerAnswersTooLate() async throws {
        try await withChat(client: { $0.api.retryPolicy = .never }) { harness in
            await #expect(throws: NetworkError.timeout) {
                try await harness.chat.api.send(ChatEndpoints.ListModels().delayed(by: .milliseconds(600),
                                                                                  timeout: .milliseconds(50)))
            }
            #expect(await harness.apiEvents("GET", "/models").first?.error?.kind == .timeout)
        }
    }

    @Test func unexpectedPayloadNamesWhereDecodingFailed() async throws {
        try await withChat { harness in
            let error = await #expect(throws: NetworkError.self) { try await harness.chat.api.send(ModelsWithTextualContext()) }
            guard case .unexpectedPayload(let path, _) = error else {
                Issue.record("expected an unexpected payload, got \(String(describing: error))")
                return
            }
            #expect(path == "[0].contextWindow")
            let logged = await harness.apiEvents("GET", "/models")
            #expect(logged.last?.response?.status == 200)
            #expect(logged.last?.error?.kind == .decoding)
        }
    }

    @Test func cancelledWhenTheCallingTaskIsCancelled() async throws {
        try await withChat { harness in
            let call = Task {
                try await harness.chat.api.send(ChatEndpoints.ListModels().delayed(by: .seconds(1)))
            }
            // Cancel once the request is on the wire.
            while await harness.apiEvents("GET", "/models").isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            call.cancel()
            await #expect(throws: NetworkError.cancelled) { try await call.value }
            #expect(await harness.apiEvents("GET", "/models").first?.error?.kind == .cancelled)
        }
    }
}

/// `GET /models` decoded with the wrong type for `contextWindow`.
private struct ModelsWithTextualContext: APIEndpoint {
    struct TextualModel: Decodable, Sendable {
        var id: String
        var contextWindow: String
    }

    typealias ResponseBody = [TextualModel]
    var path: String { "/models" }
    var requiresAuth: Bool { false }
}
