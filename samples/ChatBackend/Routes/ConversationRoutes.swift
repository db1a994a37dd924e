import ChatAPI
import Hummingbird

/// `/conversations` CRUD, duplication and message listing (all behind ``AuthMiddleware``).
struct ConversationRoutes {
    let store: ChatStore

    func add(to group: RouterGroup<ChatRequestContext>) {
        group.get("/conversations") { request, context in
            let page = try PageRequest(query: request.uri)
            return try JSONResponse.make(await store.listConversations(userID: try context.requireUser(), page: page))
        }
        group.post("/conversations") { request, context in
            let body = try await request.decode(as: NewConversation.self, context: context)
            return try JSONResponse.make(try await store.createConversation(userID: context.requireUser(), body), status: .created)
        }
        group.get("/conversations/:id") { _, context in
            try JSONResponse.make(try await store.conversation(Self.id(context), userID: context.requireUser()))
        }
        group.patch("/conversations/:id") { request, context in
            let body = try await request.decode(as: ConversationPatch.self, context: context)
            return try JSONResponse.make(try await store.updateConversation(Self.id(context), userID: context.requireUser(), body))
        }
        group.delete("/conversations/:id") { _, context in
            try await store.deleteConversation(Self.id(context), userID: context.requireUser())
            return Response(status: .noContent)
        }
        group.post("/conversations/:id/duplicate") { _, context in
            try JSONResponse.make(try await store.duplicateConversation(Self.id(context), userID: context.requireUser()), status: .created)
        }
        group.get("/conversations/:id/messages") { request, context in
            let page = try PageRequest(query: request.uri)
            return try JSONResponse.make(try await store.listMessages(conversationID: Self.id(context), userID: context.requireUser(), page: page))
        }
    }

    static func id(_ context: ChatRequestContext) throws -> String {
        try context.parameters.require("id")
    }
}
