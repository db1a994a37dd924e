import ChatAPI
import ChatBackend
import Testing

@Suite struct ChatBackendConversationTests {
    @Test func modelsArePublic() async throws {
        try await withChatBackend { api in
            let models = try await api.send(.get, "/models").decoded(as: [Model].self)
            #expect(models.map(\.id) == ["loupe-mini", "loupe-pro", "loupe-reasoner"])
        }
    }

    @Test func createReadUpdateDelete() async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let defaults = try await api.send(.post, "/conversations", token: token, body: "{}")
            #expect(defaults.status == .created)
            let created = try defaults.decoded(as: Conversation.self)
            #expect(created.title == "New conversation")
            #expect(created.modelId == "loupe-mini")

            #expect(try await api.send(.get, "/conversations/\(created.id)", token: token).decoded(as: Conversation.self) == created)

            let patched = try await api.send(.patch, "/conversations/\(created.id)", token: token, json: ConversationPatch(title: "  Renamed  ", modelId: "loupe-pro"))
                .decoded(as: Conversation.self)
            #expect(patched.title == "Renamed")
            #expect(patched.modelId == "loupe-pro")
            #expect(patched.createdAt == created.createdAt)
            #expect(try await api.send(.get, "/conversations/\(created.id)", token: token).decoded(as: Conversation.self) == patched)

            #expect(try await api.send(.delete, "/conversations/\(created.id)", token: token).status == .noContent)
            let gone = try await api.send(.get, "/conversations/\(created.id)", token: token)
            #expect(gone.status == .notFound)
            #expect(try gone.apiError().error == "not_found")
            #expect(try await api.send(.delete, "/conversations/\(created.id)", token: token).status == .notFound)
        }
    }

    @Test func duplicateCopiesMessagesUnderNewIDs() async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let list = try await api.send(.get, "/conversations?limit=100", token: token).decoded(as: Page<Conversation>.self)
            let original = try #require(list.items.first { $0.title == "Trip planning" })
            let response = try await api.send(.post, "/conversations/\(original.id)/duplicate", token: token)
            #expect(response.status == .created)
            let copy = try response.decoded(as: Conversation.self)
            #expect(copy.id != original.id)
            #expect(copy.title == "Copy of Trip planning")
            #expect(copy.modelId == original.modelId)

            let originalMessages = try await api.send(.get, "/conversations/\(original.id)/messages", token: token).decoded(as: Page<Message>.self).items
            let copiedMessages = try await api.send(.get, "/conversations/\(copy.id)/messages", token: token).decoded(as: Page<Message>.self).items
            #expect(copiedMessages.map(\.text) == originalMessages.map(\.text))
            #expect(copiedMessages.map(\.role) == originalMessages.map(\.role))
            #expect(Set(copiedMessages.map(\.id)).isDisjoint(with: originalMessages.map(\.id)))
            #expect(copiedMessages.allSatisfy { $0.conversationId == copy.id })

            let newest = try await api.send(.get, "/conversations?limit=1", token: token).decoded(as: Page<Conversation>.self)
            #expect(newest.items.first?.id == copy.id)
        }
    }

    @Test func otherUsersConversationsAreNotFound() async throws {
        try await withChatBackend { api in
            let ada = try await api.signIn(email: "ada@example.com").accessToken
            let grace = try await api.signIn(email: "grace@example.com").accessToken
            let private_ = try await api.createConversation("Ada's", token: ada)
            #expect(try await api.send(.get, "/conversations/\(private_.id)", token: grace).status == .notFound)
            #expect(try await api.send(.delete, "/conversations/\(private_.id)", token: grace).status == .notFound)
            #expect(try await api.send(.get, "/conversations/\(private_.id)", token: ada).status == .ok)
        }
    }

    @Test(arguments: [
        ("{\"title\":", "The request body is not valid JSON."),
        ("", "The request body is empty; send a JSON object."),
        ("{\"title\":3}", "The field \"title\" should be a string."),
        ("{\"title\":\"   \"}", "The field \"title\" must hold 1 to 200 characters."),
        ("{\"modelId\":\"gpt-9\"}", "The model \"gpt-9\" does not exist; use one of: loupe-mini, loupe-pro, loupe-reasoner (see GET /models)."),
    ])
    func invalidBodiesAreBadRequestsWithASentence(body: String, message: String) async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let response = try await api.send(.post, "/conversations", token: token, body: body)
            #expect(response.status == .badRequest)
            #expect(try response.apiError() == APIError(error: "bad_request", message: message))
        }
    }

    @Test func missingFieldIsNamed() async throws {
        try await withChatBackend { api in
            let response = try await api.send(.post, "/rpc/login_with_magic_token", body: "{\"tok\":\"x\"}")
            #expect(response.status == .badRequest)
            #expect(try response.apiError().message == "The request body lacks the field \"token\".")
        }
    }

    @Test func unknownRoutesAnswerJSON404() async throws {
        try await withChatBackend { api in
            let response = try await api.send(.get, "/nowhere")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try response.apiError().error == "not_found")
        }
    }
}
