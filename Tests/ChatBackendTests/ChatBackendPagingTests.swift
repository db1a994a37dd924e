import ChatAPI
import ChatBackend
import Testing

@Suite struct ChatBackendPagingTests {
    private let unseeded = ChatBackend.Configuration.testing { $0.seedsNewUsers = false }

    @Test func cursorsWalkEveryConversationOnceNewestFirst() async throws {
        try await withChatBackend(unseeded) { api in
            let token = try await api.signIn().accessToken
            var created: [String] = []
            for number in 1...7 {
                created.append(try await api.createConversation("Conversation \(number)", token: token).id)
            }
            var seen: [String] = []
            var uri = "/conversations?limit=3"
            var pages = 0
            while true {
                let page = try await api.send(.get, uri, token: token).decoded(as: Page<Conversation>.self)
                pages += 1
                #expect(page.items.count <= 3)
                seen += page.items.map(\.id)
                guard let cursor = page.nextCursor else { break }
                uri = "/conversations?limit=3&cursor=\(cursor)"
            }
            #expect(pages == 3)
            #expect(seen == created.reversed())
        }
    }

    @Test func anExactlyFullLastPageHasNoNextCursor() async throws {
        try await withChatBackend(unseeded) { api in
            let token = try await api.signIn().accessToken
            for number in 1...4 {
                _ = try await api.createConversation("C\(number)", token: token)
            }
            let first = try await api.send(.get, "/conversations?limit=2", token: token).decoded(as: Page<Conversation>.self)
            let cursor = try #require(first.nextCursor)
            let last = try await api.send(.get, "/conversations?limit=2&cursor=\(cursor)", token: token).decoded(as: Page<Conversation>.self)
            #expect(last.items.count == 2)
            #expect(last.nextCursor == nil)
            let empty = try await api.send(.get, "/conversations", token: try await api.signIn(email: "empty@example.com").accessToken)
                .decoded(as: Page<Conversation>.self)
            #expect(empty == Page(items: [], nextCursor: nil))
        }
    }

    @Test func aCursorSurvivesDeletingTheItemItPointsAt() async throws {
        try await withChatBackend(unseeded) { api in
            let token = try await api.signIn().accessToken
            var ids: [String] = []
            for number in 1...5 {
                ids.append(try await api.createConversation("C\(number)", token: token).id)
            }
            let first = try await api.send(.get, "/conversations?limit=2", token: token).decoded(as: Page<Conversation>.self)
            #expect(first.items.map(\.id) == [ids[4], ids[3]])
            #expect(try await api.send(.delete, "/conversations/\(ids[3])", token: token).status == .noContent)
            let next = try await api.send(.get, "/conversations?limit=2&cursor=\(try #require(first.nextCursor))", token: token)
                .decoded(as: Page<Conversation>.self)
            #expect(next.items.map(\.id) == [ids[2], ids[1]])
        }
    }

    @Test func messagesPageOldestFirst() async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let conversations = try await api.send(.get, "/conversations?limit=100", token: token).decoded(as: Page<Conversation>.self)
            let refund = try #require(conversations.items.first { $0.title.hasPrefix("Refund") })
            let first = try await api.send(.get, "/conversations/\(refund.id)/messages?limit=3", token: token).decoded(as: Page<Message>.self)
            #expect(first.items.map(\.role) == [.user, .assistant, .user])
            let rest = try await api.send(.get, "/conversations/\(refund.id)/messages?cursor=\(try #require(first.nextCursor))", token: token)
                .decoded(as: Page<Message>.self)
            #expect(rest.items.count == 1)
            #expect(rest.nextCursor == nil)
            #expect((first.items + rest.items).map(\.createdAt) == (first.items + rest.items).map(\.createdAt).sorted())
        }
    }

    @Test(arguments: ["limit=0", "limit=101", "limit=abc", "limit=", "limit=2.5", "cursor=abc", "cursor=YWZ0ZXI6LTE", "cursor="])
    func badPagingParametersAreBadRequests(query: String) async throws {
        try await withChatBackend { api in
            let token = try await api.signIn().accessToken
            let response = try await api.send(.get, "/conversations?\(query)", token: token)
            #expect(response.status == .badRequest)
            let error = try response.apiError()
            #expect(error.error == "bad_request")
            #expect(error.message.hasPrefix(query.hasPrefix("limit") ? "The limit must be" : "The cursor"))
        }
    }
}
