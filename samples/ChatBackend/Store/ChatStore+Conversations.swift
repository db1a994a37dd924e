import ChatAPI
import Foundation

extension ChatStore {
    static let maxTitleLength = 200
    static let maxMessageLength = 10_000

    /// The user's conversations, newest first.
    func listConversations(userID: String, page: PageRequest) -> Page<Conversation> {
        let owned = conversations.values.filter { $0.ownerID == userID }.sorted { $0.sequence > $1.sequence }
        return page.page(of: owned, sequence: \.sequence, descending: true, item: \.conversation)
    }

    func createConversation(userID: String, _ request: NewConversation) throws -> Conversation {
        let title = try request.title.map(Self.validTitle) ?? "New conversation"
        let modelId = try request.modelId.map(Self.validModel) ?? ModelCatalog.all[0].id
        return insertConversation(ownerID: userID, title: title, modelId: modelId, at: now())
    }

    func conversation(_ id: String, userID: String) throws -> Conversation {
        try stored(id, userID: userID).conversation
    }

    func updateConversation(_ id: String, userID: String, _ patch: ConversationPatch) throws -> Conversation {
        var record = try stored(id, userID: userID)
        if let title = patch.title {
            record.conversation.title = try Self.validTitle(title)
        }
        if let modelId = patch.modelId {
            record.conversation.modelId = try Self.validModel(modelId)
        }
        record.conversation.updatedAt = now()
        conversations[id] = record
        return record.conversation
    }

    func deleteConversation(_ id: String, userID: String) throws {
        _ = try stored(id, userID: userID)
        conversations[id] = nil
        messages[id] = nil
    }

    /// A new conversation (listed first) titled "Copy of …" holding copies of every message.
    func duplicateConversation(_ id: String, userID: String) throws -> Conversation {
        let original = try stored(id, userID: userID).conversation
        let title = String(("Copy of " + original.title).prefix(Self.maxTitleLength))
        let copy = insertConversation(ownerID: userID, title: title, modelId: original.modelId, at: now())
        for stored in messages[id] ?? [] {
            appendMessage(to: copy.id, role: stored.message.role, text: stored.message.text, at: stored.message.createdAt)
        }
        return try conversation(copy.id, userID: userID)
    }

    /// A conversation's messages, oldest first.
    func listMessages(conversationID: String, userID: String, page: PageRequest) throws -> Page<Message> {
        _ = try stored(conversationID, userID: userID)
        return page.page(of: messages[conversationID] ?? [], sequence: \.sequence, descending: false, item: \.message)
    }

    /// Stores the user's message and the whole assistant reply at once; the reply is then
    /// streamed from the stored text, so a reconnect can resume it.
    func addExchange(conversationID: String, userID: String, text: String) throws -> Message {
        let record = try stored(conversationID, userID: userID)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= Self.maxMessageLength else {
            throw ChatError.badRequest("The field \"text\" must hold 1 to \(Self.maxMessageLength) characters.")
        }
        let at = now()
        appendMessage(to: conversationID, role: .user, text: text, at: at)
        let replyNumber = (messages[conversationID] ?? []).count / 2
        let reply = ReplyComposer.reply(to: text, modelName: ModelCatalog.name(of: record.conversation.modelId), number: replyNumber)
        return appendMessage(to: conversationID, role: .assistant, text: reply, at: at)
    }

    /// An assistant message of the conversation, for resuming its stream.
    func assistantMessage(_ messageID: String, conversationID: String, userID: String) throws -> Message? {
        _ = try stored(conversationID, userID: userID)
        return messages[conversationID]?.first { $0.message.id == messageID && $0.message.role == .assistant }?.message
    }

    /// Gives a new user the sample conversations, with realistic personal data for redaction demos.
    func seedConversations(for userID: String) {
        let start = now().addingTimeInterval(-3 * 86_400)
        for (index, sample) in SeedData.conversations.enumerated() {
            let at = start.addingTimeInterval(TimeInterval(index) * 3_600)
            let conversation = insertConversation(ownerID: userID, title: sample.title, modelId: sample.modelId, at: at)
            for (offset, line) in sample.messages.enumerated() {
                appendMessage(to: conversation.id, role: line.role, text: line.text, at: at.addingTimeInterval(TimeInterval(offset) * 20))
            }
        }
    }

    private func stored(_ id: String, userID: String) throws -> StoredConversation {
        // Someone else's conversation is "not found" too, so ids cannot be probed.
        guard let record = conversations[id], record.ownerID == userID else {
            throw ChatError.notFound("No conversation has the id \"\(id)\"; list yours with GET /conversations.")
        }
        return record
    }

    private func insertConversation(ownerID: String, title: String, modelId: String, at date: Date) -> Conversation {
        let conversation = Conversation(id: Self.makeID("conv"), title: title, modelId: modelId, createdAt: date, updatedAt: date)
        conversations[conversation.id] = StoredConversation(conversation: conversation, ownerID: ownerID, sequence: nextSequence())
        return conversation
    }

    @discardableResult
    private func appendMessage(to conversationID: String, role: Message.Role, text: String, at date: Date) -> Message {
        let message = Message(id: Self.makeID("msg"), conversationId: conversationID, role: role, text: text, createdAt: date)
        messages[conversationID, default: []].append(StoredMessage(message: message, sequence: nextSequence()))
        if var record = conversations[conversationID], record.conversation.updatedAt < date {
            record.conversation.updatedAt = date
            conversations[conversationID] = record
        }
        return message
    }

    private static func validTitle(_ raw: String) throws -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= maxTitleLength else {
            throw ChatError.badRequest("The field \"title\" must hold 1 to \(maxTitleLength) characters.")
        }
        return title
    }

    private static func validModel(_ id: String) throws -> String {
        guard ModelCatalog.all.contains(where: { $0.id == id }) else {
            let known = ModelCatalog.all.map(\.id).joined(separator: ", ")
            throw ChatError.badRequest("The model \"\(id)\" does not exist; use one of: \(known) (see GET /models).")
        }
        return id
    }
}
