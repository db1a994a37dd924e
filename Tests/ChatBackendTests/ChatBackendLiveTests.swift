import AsyncHTTPClient
import ChatAPI
import ChatBackend
import HummingbirdTesting
import NIOHTTP1
import Testing

@Suite struct ChatBackendLiveTests {
    @Test func servesOnAFreePortAndFreesItWhenDone() async throws {
        let port = try await ChatBackend.testing().withRunningServer { port in
            let models = try await LiveChatClient(port: port).json([Model].self, .GET, "/models")
            #expect(!models.isEmpty)
            return port
        }
        #expect(port > 0)
        // The port is free again only if the first server closed its listening socket.
        let again = try await ChatBackend.testing(.testing { $0.port = port }).withRunningServer { $0 }
        #expect(again == port)
    }

    @Test func droppedStreamEndsWithoutDoneAndResumesWithLastEventID() async throws {
        try await ChatBackend.testing().withRunningServer { port in
            let live = LiveChatClient(port: port)
            let token = try await live.signIn().accessToken
            let conversation = try await live.json(Conversation.self, .POST, "/conversations", token: token, body: NewConversation(title: "Drop"))

            let dropped = try await live.stream(conversation.id, token: token, text: "hello", headers: [("X-Fault-Drop-After", "2")])
            #expect(dropped.status == 200)
            #expect(dropped.events.count == 2)
            #expect(try dropped.events.allSatisfy { try !$0.delta().done })
            #expect(dropped.error != nil, "the chunked body must end without its last chunk")

            let resumed = try await live.stream(conversation.id, token: token, text: "hello", headers: [("Last-Event-ID", dropped.events[1].id ?? "")])
            #expect(resumed.error == nil)
            #expect(try resumed.events.last?.delta().done == true)
            let reply = try (dropped.events + resumed.events).map { try $0.delta().deltaText }.joined()
            let messages = try await live.json(Page<Message>.self, .GET, "/conversations/\(conversation.id)/messages", token: token)
            #expect(messages.items.last?.text == reply)
        }
    }

    @Test func configuredDropsStillLetAReconnectingClientFinish() async throws {
        let backend = ChatBackend.testing(.testing { $0.faults.dropStreamAfter = 4 })
        try await backend.withRunningServer { port in
            let live = LiveChatClient(port: port)
            let token = try await live.signIn().accessToken
            let conversation = try await live.json(Conversation.self, .POST, "/conversations", token: token, body: NewConversation())
            var events: [ServerSentEvent] = []
            var connections = 0
            while try events.last?.delta().done != true, connections < 20 {
                let headers = events.last?.id.map { [("Last-Event-ID", $0)] } ?? []
                let result = try await live.stream(conversation.id, token: token, text: "tell me more", headers: headers)
                #expect(result.events.count <= 4)
                events += result.events
                connections += 1
            }
            #expect(connections > 1)
            #expect(try events.last?.delta().done == true)
            #expect(Set(events.compactMap(\.id)).count == events.count, "no event is sent twice")
        }
    }

    @Test func hummingbirdLiveFrameworkServesModels() async throws {
        try await withChatBackend(setup: .live) { api in
            let models = try await api.send(.get, "/models").decoded(as: [Model].self)
            #expect(models.count == 3)
        }
    }
}
