import Foundation

/// One message of a conversation, as listed by `GET /conversations/{id}/messages`.
public struct Message: Codable, Sendable, Hashable, Identifiable {
    /// Who wrote a message.
    public enum Role: String, Codable, Sendable, Hashable {
        /// The signed-in user.
        case user
        /// The model's reply.
        case assistant
    }

    /// Opaque identifier, e.g. `"msg_9b2e…"`.
    public var id: String
    /// The conversation the message belongs to.
    public var conversationId: String
    /// Who wrote it.
    public var role: Role
    /// The full text.
    public var text: String
    /// When it was written.
    public var createdAt: Date

    /// Creates a message value.
    public init(id: String, conversationId: String, role: Role, text: String, createdAt: Date) {
        self.id = id
        self.conversationId = conversationId
        self.role = role
        self.text = text
        self.createdAt = createdAt
    }
}

/// Body of `POST /conversations/{id}/messages`: the user's message; the reply streams back as SSE.
public struct NewMessage: Codable, Sendable, Hashable {
    /// The user's text (1 to 10,000 characters).
    public var text: String

    /// Creates a request body.
    public init(text: String) {
        self.text = text
    }
}
