import LoupeCore

/// A fixed list of events, such as a file read once: one reset, then nothing.
public struct EventListSource: EventSource {
    public let label: String
    public let events: [NetworkEvent]

    /// A source of `events` named `label`.
    public init(label: String, events: [NetworkEvent]) {
        self.label = label
        self.events = events
    }

    public func snapshot() async throws -> [NetworkEvent] { events }

    public func updates() -> AsyncStream<SourceUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: SourceUpdate.self)
        continuation.yield(.reset(events, evicted: nil))
        continuation.finish()
        return stream
    }
}
