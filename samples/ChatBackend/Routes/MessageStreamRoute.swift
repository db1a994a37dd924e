import ChatAPI
import HTTPTypes
import Hummingbird

/// `POST /conversations/{id}/messages`: stores the user's message and streams the assistant's
/// reply as `text/event-stream`, one ``MessageDelta`` per event with the id `<messageId>.<index>`.
/// Re-sending the request with `Last-Event-ID` resumes that reply after the named event instead
/// of posting a new message; resuming after the last event answers 204 (nothing more to send).
/// With `retryMilliseconds` set, the first event of every response also carries `retry:`.
struct MessageStreamRoute {
    let store: ChatStore
    let faults: FaultInjector
    /// Pause between two events, so the stream is visibly incremental.
    let interval: Duration
    /// The reconnection wait announced with `retry:`, if any.
    let retryMilliseconds: Int?

    /// Thrown from the body writer to close the connection mid-stream (the injected drop).
    struct StreamDropped: Error {}

    func add(to group: RouterGroup<ChatRequestContext>) {
        group.post("/conversations/:id/messages") { request, context in
            try await respond(to: request, context: context)
        }
    }

    private func respond(to request: Request, context: ChatRequestContext) async throws -> Response {
        let conversationID = try ConversationRoutes.id(context)
        let userID = try context.requireUser()
        let configuration = await faults.configuration
        if configuration.streamNoContent {
            return Response(status: .noContent)
        }
        let reply: Message
        let first: Int
        if let lastEventID = request.headers[.lastEventID] {
            (reply, first) = try await resumePoint(lastEventID, conversationID: conversationID, userID: userID)
        } else {
            let body = try await request.decode(as: NewMessage.self, context: context)
            reply = try await store.addExchange(conversationID: conversationID, userID: userID, text: body.text)
            first = 0
        }
        let deltas = ReplyComposer.deltas(of: reply.text)
        guard first < deltas.count else {
            return Response(status: .noContent)
        }
        let dropAfter = context.faults.dropStreamAfter ?? configuration.dropStreamAfter
        let interval = self.interval
        let retryField = retryMilliseconds.map { "retry: \($0)\n" } ?? ""
        let body = ResponseBody { writer in
            let encoder = ChatJSON.makeEncoder()
            for index in first..<deltas.count {
                let sent = index - first
                if let dropAfter, sent >= dropAfter {
                    // Closing the connection discards what the writer still buffers, so let the
                    // events already written reach the client first: the drop comes after them.
                    try await Task.sleep(for: .milliseconds(50))
                    throw StreamDropped()
                }
                if sent > 0 {
                    try await Task.sleep(for: interval)
                }
                let delta = MessageDelta(conversationId: conversationID, messageId: reply.id, deltaText: deltas[index], done: index == deltas.count - 1)
                let json = String(decoding: try encoder.encode(delta), as: UTF8.self)
                let retry = sent == 0 ? retryField : ""
                try await writer.write(ByteBuffer(string: "\(retry)id: \(reply.id).\(index)\ndata: \(json)\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// The reply and the index after `lastEventID`, which must name an event of this conversation.
    private func resumePoint(_ lastEventID: String, conversationID: String, userID: String) async throws -> (Message, Int) {
        let parts = lastEventID.split(separator: ".")
        if parts.count == 2, let index = Int(parts[1]), index >= 0,
           let message = try await store.assistantMessage(String(parts[0]), conversationID: conversationID, userID: userID) {
            return (message, index + 1)
        }
        throw ChatError.badRequest("The Last-Event-ID header \"\(lastEventID)\" does not name an event of this conversation; leave it out to send a new message.")
    }
}

extension HTTPField.Name {
    /// `Last-Event-ID`, sent by SSE clients when they reconnect.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
