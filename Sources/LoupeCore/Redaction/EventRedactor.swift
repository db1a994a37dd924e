/// Removes sensitive values from events before ``NetworkLogger`` stores them.
///
/// Every ingest call passes through the logger's redactor, so unredacted data never reaches the
/// ring buffer. Implementations must be idempotent: redacting an already redacted event changes
/// nothing and counts nothing, because updates pass the stored event through again.
public protocol EventRedactor: Sendable {
    /// Redacts every string of `event` and adds the hits to `event.redactions`.
    func redact(_ event: inout NetworkEvent)

    /// Redacts one server-sent event appended to a stored exchange and returns the hits per rule id.
    func redact(_ sseEvent: inout SSEEvent) -> [String: Int]

    /// Redacts one WebSocket message appended to a stored exchange and returns the hits per rule id.
    func redact(_ message: inout WebSocketMessage) -> [String: Int]
}

/// The redactor that changes nothing; the default until a rule set is configured.
public struct IdentityRedactor: EventRedactor {
    public init() {}
    public func redact(_ event: inout NetworkEvent) {}
    public func redact(_ sseEvent: inout SSEEvent) -> [String: Int] { [:] }
    public func redact(_ message: inout WebSocketMessage) -> [String: Int] { [:] }
}
