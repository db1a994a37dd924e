import ChatAPI
import ChatClient
import Foundation
import LoupeClient
import Testing

@Suite struct ChatClientAPITests {
    @Test func signInWithAMagicLinkStartsASessionForThatUser() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            #expect(await harness.chat.session.state == .authenticated)
            let me = try await harness.chat.me()
            #expect(me.email == "ada@example.com")
            #expect(me.displayName == "Ada Lovelace")
            let paths = await harness.events.compactMap { URL(string: $0.request.url)?.path }
            #expect(paths == ["/rpc/request_magic_link", "/rpc/login_with_magic_token", "/rpc/me"])
        }
    }

    @Test func signInByEmailNeedsABackendThatRevealsMagicTokens() async throws {
        try await withChat(backend: { $0.revealsMagicTokens = false }) { harness in
            let error = await #expect(throws: NetworkError.self) { try await harness.chat.signIn(email: "ada@example.com") }
            guard case .unexpectedPayload(let path, _) = error else {
                Issue.record("expected an unexpected payload, got \(String(describing: error))")
                return
            }
            #expect(path == "devToken")
            #expect(await harness.chat.session.state == .signedOut)
        }
    }

    @Test func modelsArePublic() async throws {
        try await withChat { harness in
            let models = try await harness.chat.models()
            #expect(models.map(\.id).count == 3)
            #expect(await harness.chat.session.state == .signedOut)
        }
    }

    @Test func conversationPagesVisitEveryConversationOnceNewestFirst() async throws {
        try await withChat { harness in
            let chat = harness.chat
            try await chat.signIn(email: "grace@example.com")
            var created: [Conversation] = []
            for title in ["one", "two", "three"] { created.append(try await chat.createConversation(title: title)) }

            var pages: [Page<Conversation>] = []
            for try await page in chat.conversationPages(pageSize: 2) { pages.append(page) }
            let all = pages.flatMap(\.items)
            #expect(pages.count == 4)  // 5 seeded + 3 new, two at a time
            #expect(pages.dropLast().allSatisfy { $0.items.count == 2 && $0.nextCursor != nil })
            #expect(pages.last?.nextCursor == nil)
            #expect(Set(all.map(\.id)).count == all.count)
            #expect(all.prefix(3).map(\.id) == created.reversed().map(\.id))
            let inThrees = try await chat.conversationPages(pageSize: 3).items()
            #expect(inThrees == all)
            let onePage = try await chat.conversations(PageQuery(limit: 100)).items
            #expect(onePage == all)

            let limits = await harness.apiEvents("GET", "/conversations").map { URLComponents(string: $0.request.url)?.queryItems ?? [] }
            #expect(limits.first == [URLQueryItem(name: "limit", value: "2")], "the first page has no cursor")
            #expect(limits.dropFirst().first?.contains { $0.name == "cursor" } == true)
        }
    }

    @Test func conversationsCanBeCreatedReadUpdatedDuplicatedAndDeleted() async throws {
        try await withChat { harness in
            let chat = harness.chat
            try await chat.signIn(email: "ada@example.com")
            let models = try await chat.models()
            let created = try await chat.createConversation(title: "Plans", modelId: models[1].id)
            #expect(created.title == "Plans")
            #expect(created.modelId == models[1].id)
            let fetched = try await chat.conversation(id: created.id)
            #expect(fetched == created)

            harness.serverClock.advance(by: 5)
            let renamed = try await chat.updateConversation(id: created.id, ConversationPatch(title: "Holiday plans"))
            #expect(renamed.title == "Holiday plans")
            #expect(renamed.modelId == models[1].id)
            #expect(renamed.updatedAt > created.updatedAt)
            let refetched = try await chat.conversation(id: created.id)
            #expect(refetched == renamed)

            let refund = try #require(try await chat.conversationPages().items().first { $0.title.hasPrefix("Refund") })
            let copy = try await chat.duplicateConversation(id: refund.id)
            #expect(copy.id != refund.id)
            #expect(copy.title == "Copy of \(refund.title)")
            let originalTexts = try await chat.messagePages(in: refund.id).items().map(\.text)
            let copiedTexts = try await chat.messagePages(in: copy.id).items().map(\.text)
            #expect(copiedTexts == originalTexts)

            try await chat.deleteConversation(id: created.id)
            await #expect(throws: NetworkError.notFound) { try await chat.conversation(id: created.id) }
            #expect(await harness.apiEvents("DELETE", "/conversations/\(created.id)").first?.response?.status == 204)
        }
    }

    @Test func messagePagesReturnEveryMessageOldestFirst() async throws {
        try await withChat { harness in
            let chat = harness.chat
            try await chat.signIn(email: "ada@example.com")
            let trip = try #require(try await chat.conversationPages().items().first { $0.title == "Trip planning" })
            var pages: [Page<Message>] = []
            for try await page in chat.messagePages(in: trip.id, pageSize: 3) { pages.append(page) }
            #expect(pages.map(\.items.count) == [3, 1])
            let messages = pages.flatMap(\.items)
            #expect(messages.map(\.role) == [.user, .assistant, .user, .assistant])
            #expect(messages.first?.text.hasPrefix("Plan three days in Lisbon") == true)
            #expect(messages.map(\.createdAt) == messages.map(\.createdAt).sorted())
            let firstTwo = try await chat.messages(in: trip.id, PageQuery(limit: 2)).items
            #expect(firstTwo == Array(messages.prefix(2)))
        }
    }

    @Test func datesKeepTheirMilliseconds() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            let conversation = try await harness.chat.createConversation(title: "Now")
            let fraction = conversation.createdAt.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
            #expect(abs(fraction - 0.25) < 0.001, "the server's clock is at .250 seconds")
            #expect(abs(conversation.createdAt.timeIntervalSince(harness.serverClock.now)) < 0.001)
        }
    }

    @Test func idsAreSentAsOnePathSegment() async throws {
        try await withChat { harness in
            try await harness.chat.signIn(email: "ada@example.com")
            await #expect(throws: NetworkError.notFound) { try await harness.chat.conversation(id: "x?limit=1#y") }
            let url = try #require(await harness.events.last?.request.url)
            #expect(url.hasSuffix("/conversations/x%3Flimit=1%23y"))
        }
    }
}
