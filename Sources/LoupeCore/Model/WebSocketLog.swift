/// What was seen on a WebSocket connection after its `101 Switching Protocols`: the data
/// messages in order, the control frames counted, and how the connection ended.
///
/// JSON shape: `{"messages": [...], "pings", "pongs", "droppedMessages", "close": {"code",
/// "reason", "by"}, "extensions", "framingError"}`.
public struct WebSocketLog: Codable, Sendable, Hashable {
    /// The close frame that ended the connection (RFC 6455 §5.5.1).
    public struct Close: Codable, Sendable, Hashable {
        /// The status code, when the frame carried one (1000 normal, 1001 going away …).
        public var code: Int?
        /// The reason text, redacted.
        public var reason: String?
        /// Who sent the first close frame.
        public var by: WebSocketMessage.Direction

        public init(code: Int?, reason: String?, by: WebSocketMessage.Direction) {
            self.code = code
            self.reason = reason
            self.by = by
        }
    }

    /// The data messages in the order they were seen (both directions interleaved).
    public var messages: [WebSocketMessage]
    /// Ping and pong frames seen, both directions.
    public var pings: Int
    public var pongs: Int
    /// Messages not stored because the connection reached its message cap; counted only.
    public var droppedMessages: Int
    /// The close handshake's first frame; nil when the connection ended without one (an abrupt close).
    public var close: Close?
    /// The `Sec-WebSocket-Extensions` the server accepted (e.g. `permessage-deflate`).
    public var extensions: String?
    /// Why the side copy stopped reading frames (a malformed frame); the bytes were still relayed.
    public var framingError: String?

    public init(messages: [WebSocketMessage] = [], pings: Int = 0, pongs: Int = 0, droppedMessages: Int = 0,
                close: Close? = nil, extensions: String? = nil, framingError: String? = nil) {
        self.messages = messages
        self.pings = pings
        self.pongs = pongs
        self.droppedMessages = droppedMessages
        self.close = close
        self.extensions = extensions
        self.framingError = framingError
    }

    private enum CodingKeys: String, CodingKey {
        case messages, pings, pongs, droppedMessages, close, extensions, framingError
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        messages = try container.decodeIfPresent([WebSocketMessage].self, forKey: .messages) ?? []
        pings = try container.decodeIfPresent(Int.self, forKey: .pings) ?? 0
        pongs = try container.decodeIfPresent(Int.self, forKey: .pongs) ?? 0
        droppedMessages = try container.decodeIfPresent(Int.self, forKey: .droppedMessages) ?? 0
        close = try container.decodeIfPresent(Close.self, forKey: .close)
        extensions = try container.decodeIfPresent(String.self, forKey: .extensions)
        framingError = try container.decodeIfPresent(String.self, forKey: .framingError)
    }

    /// This log's counters and close, with the messages of `current` kept: a connection's summary
    /// arrives when it ends, after its messages were appended one by one.
    public func summary(keepingMessagesOf current: WebSocketLog?) -> WebSocketLog {
        var merged = self
        merged.messages = (current?.messages ?? []) + messages
        return merged
    }
}
