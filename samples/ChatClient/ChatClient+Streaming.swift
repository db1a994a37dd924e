import ChatAPI
import LoupeClient

extension ChatClient {
    /// Posts `text` to a conversation and streams the assistant's reply as it is written: the
    /// deltas in order, the last one marked `done`, then the stream finishes (when the server ends
    /// the body). Joined, their `deltaText` is the reply the conversation stores.
    ///
    /// A dropped connection is reopened as ``Configuration/sse`` says, with `Last-Event-ID`, and
    /// the reply resumes where it stopped (the message is not posted twice); the server's
    /// `retry:` sets the wait. Stopping the iteration closes the connection.
    ///
    /// ```swift
    /// var reply = ""
    /// for try await delta in chat.streamReply(to: conversation.id, text: "Hi!") { reply += delta.deltaText }
    /// ```
    ///
    /// The stream throws `NetworkError` when the request cannot be made (no session, a failed
    /// refresh) and `SSEClientError` when the server refuses the stream (a status, 204 No Content)
    /// or the connection fails with no reconnection left.
    public func streamReply(to conversationID: String, text: String) -> AsyncThrowingStream<MessageDelta, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: MessageDelta.self, throwing: (any Error).self)
        let task = Task { [api, sse] in
            do {
                let request = try await api.eventStreamRequest(ChatEndpoints.SendMessage(conversationID: conversationID),
                                                               body: NewMessage(text: text))
                // Read to the end of the body rather than stopping at `done`, so the log shows the
                // exchange complete rather than cancelled.
                for try await delta in sse.events(request, decoding: MessageDelta.self, decoder: ChatJSON.makeDecoder()) {
                    if case .terminated = continuation.yield(delta) { return }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
