import Foundation
import Hummingbird
import LoupeCore
import LoupeExport
import NIOCore
import ServiceLifecycle

extension LogAPIServer {
    /// What the live stream writes next.
    private enum Message: Sendable {
        case change(NetworkLogger.Change)
        case heartbeat
    }

    /// `GET /v1/events/stream`: every change from now on as server-sent events, filtered.
    ///
    /// `added` and `updated` carry the event's JSON (an SSE append is sent as `updated` with the
    /// whole exchange); `evicted` and `removed` carry the id. An unfiltered stream sends every
    /// eviction and removal, so a client that took its snapshot from `GET /v1/events` (the console's
    /// attach mode) drops those events too; a filtered stream sends them only for events this
    /// client was shown. An event that stops matching the filter is sent as `removed`. The stream
    /// ends when the client disconnects (noticed at the next write, at the latest the next
    /// heartbeat), on task cancellation and on graceful shutdown.
    func stream(_ request: Request) throws -> Response {
        let filter = try Self.filter(in: request)
        let body = ResponseBody { [self] writer in
            let changes = await logger.changes()
            let (messages, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingNewest(4096))
            let interval = configuration.heartbeatInterval
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await change in changes { continuation.yield(.change(change)) }
                        continuation.finish()
                    }
                    group.addTask {
                        while true {
                            try await Task.sleep(for: interval)
                            continuation.yield(.heartbeat)
                        }
                    }
                    defer { group.cancelAll() }
                    // Headers go out at once, so a client knows it is attached before any change.
                    try await writer.write(ByteBuffer(string: ": loupe \(Loupe.version)\n\n"))
                    var shown = Set<UUID>()
                    for await message in messages {
                        guard let text = await frame(for: message, filter: filter, shown: &shown)
                        else { continue }
                        try await writer.write(ByteBuffer(string: text))
                    }
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "text/event-stream",
            .cacheControl: "no-cache",
        ], body: body)
    }

    /// The SSE text for one message, or nil when this client should not see it.
    private func frame(for message: Message, filter: EventFilter, shown: inout Set<UUID>) async -> String? {
        switch message {
        case .heartbeat:
            return ": heartbeat\n\n"
        case .change(let change):
            switch change {
            case .added(let event):
                return eventFrame("added", event, filter: filter, shown: &shown)
            case .updated(let event):
                return eventFrame("updated", event, filter: filter, shown: &shown)
            case .sseAppended(let id, _, _), .webSocketAppended(let id, _, _):
                guard let event = await logger.event(id: id) else { return nil }
                return eventFrame("updated", event, filter: filter, shown: &shown)
            case .evicted(let id):
                guard shown.remove(id) != nil || filter.matchesEverything else { return nil }
                return "event: evicted\ndata: \(id.uuidString.lowercased())\n\n"
            case .removed(let id):
                guard shown.remove(id) != nil || filter.matchesEverything else { return nil }
                return "event: removed\ndata: \(id.uuidString.lowercased())\n\n"
            case .cleared:
                shown.removeAll()
                return "event: cleared\ndata:\n\n"
            }
        }
    }

    private func eventFrame(_ type: String, _ event: NetworkEvent, filter: EventFilter, shown: inout Set<UUID>) -> String? {
        guard filter.matches(event) else {
            guard shown.remove(event.id) != nil else { return nil }
            return "event: removed\ndata: \(event.id.uuidString.lowercased())\n\n"
        }
        let isNew = shown.insert(event.id).inserted
        // Encoded JSON has no raw line feeds, so one `data:` line carries the whole event.
        let json = String(decoding: EventJSON.encode(event), as: UTF8.self)
        return "event: \(type == "updated" && isNew ? "added" : type)\nid: \(event.sequence)\ndata: \(json)\n\n"
    }
}
