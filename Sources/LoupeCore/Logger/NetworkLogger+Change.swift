import Foundation

extension NetworkLogger {
    /// One change to a ``NetworkLogger``'s stored events, as delivered by ``NetworkLogger/changes()``.
    ///
    /// A console keeps its view in step by applying changes in order; after missing some (see
    /// ``NetworkLogger/Stats/droppedNotifications``) it can resynchronise with a snapshot.
    public enum Change: Sendable, Hashable {
        /// A new event was stored (already redacted).
        case added(NetworkEvent)
        /// A stored event changed; this is its new stored form.
        case updated(NetworkEvent)
        /// One server-sent event (already redacted) was appended to a stored exchange. Apply it
        /// with ``NetworkEvent/appendSSE(_:redactionHits:)``; sending the whole exchange for every
        /// SSE event would make a long stream cost quadratic time to follow.
        case sseAppended(UUID, SSEEvent, redactionHits: [String: Int])
        /// One WebSocket message (already redacted) was appended to a stored exchange. Apply it
        /// with ``NetworkEvent/appendWebSocket(_:redactionHits:)``.
        case webSocketAppended(UUID, WebSocketMessage, redactionHits: [String: Int])
        /// The event was evicted to respect the count or byte bound.
        case evicted(UUID)
        /// The event was removed because its final form did not match the capture filter.
        case removed(UUID)
        /// Every stored event was removed by ``NetworkLogger/clear()``.
        case cleared

        /// The id of the event this change is about; nil for ``cleared``.
        public var eventID: UUID? {
            switch self {
            case .added(let event), .updated(let event): event.id
            case .evicted(let id), .removed(let id), .sseAppended(let id, _, _),
                 .webSocketAppended(let id, _, _): id
            case .cleared: nil
            }
        }
    }
}
