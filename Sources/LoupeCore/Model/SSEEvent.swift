import Foundation

/// One dispatched server-sent event, as ``SSEParser`` produces it and as it is stored on a
/// ``NetworkEvent``.
public struct SSEEvent: Codable, Sendable, Hashable {
    /// When the event's final (dispatching) line arrived.
    public var receivedAt: Date
    /// The `event:` field, `message` when the stream gave none.
    public var type: String
    /// The last event ID after this event was dispatched; nil when it is empty.
    public var id: String?
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The reconnection time in milliseconds, when this event carried a valid `retry:` field.
    public var retry: Int?

    public init(receivedAt: Date = Date(), type: String = "message", id: String? = nil, data: String,
                retry: Int? = nil) {
        self.receivedAt = receivedAt
        self.type = type
        self.id = id
        self.data = data
        self.retry = retry
    }
}
