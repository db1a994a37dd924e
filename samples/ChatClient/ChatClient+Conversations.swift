import ChatAPI
import LoupeClient

extension ChatClient {
    /// One page of the user's conversations, newest first.
    public func conversations(_ page: PageQuery = PageQuery()) async throws(NetworkError) -> Page<Conversation> {
        try await api.send(ChatEndpoints.ListConversations(page: page))
    }

    /// Every page of the user's conversations, `pageSize` at a time, fetched as iterated.
    public func conversationPages(pageSize: Int? = nil) -> PageSequence<Conversation> {
        PageSequence(pageSize: pageSize) { [api] query async throws(NetworkError) in
            try await api.send(ChatEndpoints.ListConversations(page: query))
        }
    }

    /// Creates a conversation; without a title or model the server picks "New conversation"
    /// and its first model.
    public func createConversation(title: String? = nil, modelId: String? = nil) async throws(NetworkError)
        -> Conversation
    {
        try await api.send(ChatEndpoints.CreateConversation(), body: NewConversation(title: title, modelId: modelId))
    }

    /// The conversation with this id.
    public func conversation(id: String) async throws(NetworkError) -> Conversation {
        try await api.send(ChatEndpoints.GetConversation(id: id))
    }

    /// Changes a conversation's title or model (the fields of `patch` that are set).
    public func updateConversation(id: String, _ patch: ConversationPatch) async throws(NetworkError) -> Conversation {
        try await api.send(ChatEndpoints.UpdateConversation(id: id), body: patch)
    }

    /// Deletes a conversation and its messages.
    public func deleteConversation(id: String) async throws(NetworkError) {
        try await api.send(ChatEndpoints.DeleteConversation(id: id))
    }

    /// Copies a conversation with all its messages; the copy is titled "Copy of …".
    public func duplicateConversation(id: String) async throws(NetworkError) -> Conversation {
        try await api.send(ChatEndpoints.DuplicateConversation(id: id))
    }

    /// One page of a conversation's messages, oldest first.
    public func messages(in conversationID: String, _ page: PageQuery = PageQuery()) async throws(NetworkError)
        -> Page<Message>
    {
        try await api.send(ChatEndpoints.ListMessages(conversationID: conversationID, page: page))
    }

    /// Every page of a conversation's messages, `pageSize` at a time, fetched as iterated.
    public func messagePages(in conversationID: String, pageSize: Int? = nil) -> PageSequence<Message> {
        PageSequence(pageSize: pageSize) { [api] query async throws(NetworkError) in
            try await api.send(ChatEndpoints.ListMessages(conversationID: conversationID, page: query))
        }
    }
}
