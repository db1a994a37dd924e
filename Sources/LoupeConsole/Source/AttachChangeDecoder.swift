import Foundation
import LoupeCore

/// Turns one event of the log API's live feed (`GET /v1/events/stream`) into a logger change.
///
/// The feed's SSE `event:` type is `added`, `updated` or `evicted` and its `data:` the event's
/// JSON. Eviction data is read leniently: an event's JSON, `{"id": "…"}`, a JSON string or a bare
/// id all work. `removed` and `cleared` are understood too; other types are ignored.
public struct AttachChangeDecoder: Sendable {
    public init() {}

    /// The change `sse` describes, nil for types the console does not use.
    ///
    /// - Throws: ``AttachError/undecodable(type:reason:)`` when the data is not what the type needs.
    public func change(for sse: SSEEvent) throws -> NetworkLogger.Change? {
        switch sse.type {
        case "added":
            return .added(try event(sse))
        case "updated":
            return .updated(try event(sse))
        case "evicted":
            return .evicted(try id(sse))
        case "removed":
            return .removed(try id(sse))
        case "cleared":
            return .cleared
        default:
            return nil
        }
    }

    private func event(_ sse: SSEEvent) throws -> NetworkEvent {
        do {
            return try JSONDecoder.loupe().decode(NetworkEvent.self, from: Data(sse.data.utf8))
        } catch {
            throw AttachError.undecodable(type: sse.type, reason: "its data is not a Loupe event")
        }
    }

    private struct IDOnly: Decodable {
        let id: UUID
    }

    private func id(_ sse: SSEEvent) throws -> UUID {
        let data = Data(sse.data.utf8)
        if let object = try? JSONDecoder().decode(IDOnly.self, from: data) { return object.id }
        if let text = try? JSONDecoder().decode(String.self, from: data), let id = UUID(uuidString: text) { return id }
        if let id = UUID(uuidString: sse.data.trimmingCharacters(in: .whitespacesAndNewlines)) { return id }
        throw AttachError.undecodable(type: sse.type, reason: "its data names no event id")
    }
}
