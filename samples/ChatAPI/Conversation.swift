import Foundation

/// A conversation owned by the signed-in user.
public struct Conversation: Codable, Sendable, Hashable, Identifiable {
    /// Opaque identifier, e.g. `"conv_4f1c9a…"`.
    public var id: String
    /// Title shown in the conversation list.
    public var title: String
    /// The ``Model/id`` that answers in this conversation.
    public var modelId: String
    /// When the conversation was created.
    public var createdAt: Date
    /// When the title, model or messages last changed.
    public var updatedAt: Date

    /// Creates a conversation value.
    public init(id: String, title: String, modelId: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.modelId = modelId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Body of `POST /conversations`; both fields are optional (defaults: "New conversation", the first model).
public struct NewConversation: Codable, Sendable, Hashable {
    /// Title of the new conversation.
    public var title: String?
    /// Model to answer with.
    public var modelId: String?

    /// Creates a request body.
    public init(title: String? = nil, modelId: String? = nil) {
        self.title = title
        self.modelId = modelId
    }
}

/// Body of `PATCH /conversations/{id}`: only the fields present change.
public struct ConversationPatch: Codable, Sendable, Hashable {
    /// New title, if it changes.
    public var title: String?
    /// New model, if it changes.
    public var modelId: String?

    /// Creates a request body.
    public init(title: String? = nil, modelId: String? = nil) {
        self.title = title
        self.modelId = modelId
    }
}
