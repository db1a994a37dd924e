import ChatAPI
import ChatBackend
import HTTPTypes
import Testing

@Suite struct ChatBackendStreamTests {
    /// Signs in and creates an empty conversation.
    private func prepare(_ api: ChatTestClient) async throws -> (token: String, conversation: Conversation) {
        let token = try await api.signIn().accessToken
        return (token, try await api.createConversation("Stream", token: token))
    }

    @Test func replyStreamsAsWellFormedDeltasEndingWithDone() async throws {
        try await withChatBackend { api in
            let (token, conversation) = try await prepare(api)
            let response = try await api.send(.post, "/conversations/\(conversation.id)/messages", token: token, json: NewMessage(text: "Is it safe?"))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.text.hasSuffix("\n\n"))

            let events = ServerSentEvent.parse(response.text)
            let deltas = try events.map { try $0.delta() }
            #expect(deltas.count > 3)
            #expect(deltas.map(\.done) == Array(repeating: false, count: deltas.count - 1) + [true])
            let messageID = try #require(deltas.first?.messageId)
            #expect(deltas.allSatisfy { $0.messageId == messageID && $0.conversationId == conversation.id })
            #expect(events.map(\.id) == deltas.indices.map { "\(messageID).\($0)" })

            let stored = try await api.send(.get, "/conversations/\(conversation.id)/messages", token: token).decoded(as: Page<Message>.self).items
            #expect(stored.map(\.role) == [.user, .assistant])
            #expect(stored.first?.text == "Is it safe?")
            #expect(stored.last?.id == messageID)
            #expect(stored.last?.text == deltas.map(\.deltaText).joined())
        }
    }

    @Test func lastEventIDResumesTheSameReplyWithoutANewMessage() async throws {
        try await withChatBackend { api in
            let (token, conversation) = try await prepare(api)
            let uri = "/conversations/\(conversation.id)/messages"
            let full = ServerSentEvent.parse(try await api.send(.post, uri, token: token, json: NewMessage(text: "hi")).text)
            let resumeAfter = try #require(full[2].id)

            let resumed = try await api.send(.post, uri, token: token, headers: [.lastEventID: resumeAfter], json: NewMessage(text: "hi"))
            #expect(resumed.status == .ok)
            let resumedEvents = ServerSentEvent.parse(resumed.text)
            #expect(resumedEvents.map(\.id) == full.dropFirst(3).map(\.id))
            #expect(try resumedEvents.map { try $0.delta() } == full.dropFirst(3).map { try $0.delta() })
            let messages = try await api.send(.get, uri, token: token).decoded(as: Page<Message>.self).items
            #expect(messages.count == 2)

            let afterEnd = try await api.send(.post, uri, token: token, headers: [.lastEventID: try #require(full.last?.id)], json: NewMessage(text: "hi"))
            #expect(afterEnd.status == .noContent)

            let bogus = try await api.send(.post, uri, token: token, headers: [.lastEventID: "msg_nope.1"], json: NewMessage(text: "hi"))
            #expect(bogus.status == .badRequest)
            #expect(try bogus.apiError().message.contains("Last-Event-ID"))
        }
    }

    @Test func configuredRetryIsAnnouncedOnceAtTheStartOfEveryResponse() async throws {
        try await withChatBackend(.testing { $0.streamRetryMilliseconds = 250 }) { api in
            let (token, conversation) = try await prepare(api)
            let uri = "/conversations/\(conversation.id)/messages"
            let full = try await api.send(.post, uri, token: token, json: NewMessage(text: "hi")).text
            #expect(full.hasPrefix("retry: 250\nid: "))
            #expect(full.components(separatedBy: "retry:").count == 2, "announced once per response")

            let resumeAfter = try #require(ServerSentEvent.parse(full)[1].id)
            let resumed = try await api.send(.post, uri, token: token, headers: [.lastEventID: resumeAfter], json: NewMessage(text: "hi")).text
            #expect(resumed.hasPrefix("retry: 250\nid: "))
        }
        try await withChatBackend { api in
            let (token, conversation) = try await prepare(api)
            let body = try await api.send(.post, "/conversations/\(conversation.id)/messages", token: token, json: NewMessage(text: "hi")).text
            #expect(!body.contains("retry:"), "no retry field unless configured")
        }
    }

    @Test func emptyMessageIsABadRequest() async throws {
        try await withChatBackend { api in
            let (token, conversation) = try await prepare(api)
            let response = try await api.send(.post, "/conversations/\(conversation.id)/messages", token: token, json: NewMessage(text: " \n"))
            #expect(response.status == .badRequest)
            #expect(try response.apiError().message == "The field \"text\" must hold 1 to 10000 characters.")
        }
    }

    @Test func streamToUnknownConversationIsNotFound() async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let response = try await api.send(.post, "/conversations/conv_missing/messages", token: token, json: NewMessage(text: "hi"))
            #expect(response.status == .notFound)
        }
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
