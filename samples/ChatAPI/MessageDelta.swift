/// One server-sent event of a streamed assistant reply: the `data:` line of
/// `POST /conversations/{id}/messages`. Joining every `deltaText` gives the reply; the last has `done`.
///
/// ```
/// id: msg_9b2e….3
/// data: {"conversationId":"conv_…","messageId":"msg_9b2e…","deltaText":"card ending ","done":false}
/// ```
public struct MessageDelta: Codable, Sendable, Hashable {
    /// The conversation being answered.
    public var conversationId: String
    /// The assistant message the text belongs to (the same for every delta of a reply).
    public var messageId: String
    /// The next piece of the reply.
    public var deltaText: String
    /// True on the last event of the reply.
    public var done: Bool

    /// Creates a delta.
    public init(conversationId: String, messageId: String, deltaText: String, done: Bool) {
        self.conversationId = conversationId
        self.messageId = messageId
        self.deltaText = deltaText
        self.done = done
    }
}
