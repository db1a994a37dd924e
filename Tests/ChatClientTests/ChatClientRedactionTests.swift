import ChatAPI
import ChatClient
import Foundation
import LoupeClient
import LoupeCore
import Testing

/// What the client records: every exchange and every server-sent event, with the seeded
/// personal data, keys and the session's tokens redacted before they are stored.
@Suite struct ChatClientRedactionTests {
    /// Values of the seeded conversations, the users and the replies that must never be stored.
    private static let seededSecrets = [
        "4111 1111 1111 1111",
        "4111111111111111",
        "+44 20 7946 0958",
        "ada.lovelace@example.com",
        "ada@example.com",
        "grace.hopper@example.org",
        "+1 202 555 0143",
        "j.smith@lettings.example.co.uk",
        "sk-proj-Q7xv2KpL9mN4rT8wZ1bC5dF3gH6jK0sA2eR7uY9iO4pW8qE1",
        "GB82 WEST 1234 5698 7654 32",
    ]

    /// The URL, header values, bodies and event data of `event`, unescaped.
    private static func loggedText(_ event: NetworkEvent) -> String {
        var fields: [String] = [event.request.url]
        fields += event.request.headers.map(\.value)
        fields += event.response?.headers.map(\.value) ?? []
        fields.append(event.request.body?.text ?? "")
        fields.append(event.response?.body?.text ?? "")
        fields += event.sseEvents.map(\.data)
        return fields.joined(separator: "\n")
    }

    @Test func everyExchangeAndEventIsLoggedWithNothingSecretStored() async throws {
        let store = InMemoryTokenStore()
        try await withChat(client: { $0.tokenStore = store }) { harness in
            let chat = harness.chat
            // Sign in by hand to learn the magic token, which must not be stored either.
            let link = try await chat.api.send(ChatEndpoints.RequestMagicLink(), body: .init(email: "ada@example.com"))
            let magicToken = try #require(link.devToken)
            try await chat.signIn(magicToken: magicToken)
            let firstTokens = try #require(await store.load())

            var calls = 2
            let me = try await chat.me()
            #expect(me.phone == "+44 20 7946 0958")
            calls += 1
            var conversationPages = 0
            for try await _ in chat.conversationPages(pageSize: 2) { conversationPages += 1 }
            calls += conversationPages
            let conversations = try await chat.conversationPages().items()
            calls += 1
            var texts: [String] = []
            for conversation in conversations {
                texts += try await chat.messagePages(in: conversation.id).items().map(\.text)
                calls += 1
            }
            #expect(texts.contains { $0.contains("4111 1111 1111 1111") }, "the seeded secrets were fetched")
            #expect(texts.contains { $0.contains("sk-proj-") })

            harness.advanceClocks(by: 120)  // the next call refreshes, logging new tokens in a body
            let conversation = try await chat.createConversation(title: "Redaction")
            calls += 2
            var replies: [String] = []
            for text in ["Where is my refund?", "Call me back please.", "Which card?"] {
                var reply = ""
                for try await delta in chat.streamReply(to: conversation.id, text: text) { reply += delta.deltaText }
                replies.append(reply)
            }
            #expect(replies.contains { $0.contains("ada.lovelace@example.com") }, "a reply holds an email")
            #expect(replies.contains { $0.contains("+44 20 7946 0958") }, "a reply holds a phone number")
            let secondTokens = try #require(await store.load())
            #expect(secondTokens.accessToken != firstTokens.accessToken)

            let events = await harness.events
            #expect(events.filter { $0.source == .apiClient }.count == calls, "one event per API call")
            let streams = events.filter { $0.source == .sseClient }
            #expect(streams.count == 3)
            #expect(streams.allSatisfy { $0.state == .complete })
            #expect(streams.allSatisfy { $0.sseEvents.last?.data.contains("\"done\":true") == true },
                    "every reply's events are logged to the last")
            #expect(events.contains { $0.redactionCount > 0 && $0.request.url.hasSuffix("/messages") })

            let log = String(decoding: try JSONEncoder.loupe().encode(events), as: UTF8.self)
            let tokens = [magicToken, firstTokens.accessToken, firstTokens.refreshToken,
                          secondTokens.accessToken, secondTokens.refreshToken]
            for secret in Self.seededSecrets + tokens {
                #expect(!log.contains(secret), "the log holds \(secret.prefix(6))…")
            }
            // JSON escapes would hide a match of the raw text; check the unescaped fields too.
            let plain = events.map(Self.loggedText).joined(separator: "\n")
            for secret in Self.seededSecrets + tokens {
                #expect(!plain.contains(secret), "a logged field holds \(secret.prefix(6))…")
            }
        }
    }
}
