import Foundation
import LoupeCore

/// Prints server-sent events for people (coloured, indented data) or for programs (JSON lines).
struct SSEEventPrinter {
    let json: Bool
    let color: Bool

    /// The JSON line shape: `{"data": …, "id": … | null, "type": …}`.
    private struct Line: Encodable {
        let event: SSEEvent
        enum CodingKeys: String, CodingKey { case type, data, id }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event.type, forKey: .type)
            try container.encode(event.data, forKey: .data)
            try container.encode(event.id, forKey: .id)  // explicit null when there is no last event ID
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func print(_ event: SSEEvent) {
        if json, let data = try? Self.encoder.encode(Line(event: event)) {
            Swift.print(String(decoding: data, as: UTF8.self))
            return
        }
        var head = Terminal.paint(event.type, .cyan, enabled: color)
        if let id = event.id { head += Terminal.paint("  id: \(id)", .dim, enabled: color) }
        if let retry = event.retry { head += Terminal.paint("  retry: \(retry)ms", .dim, enabled: color) }
        Swift.print(head)
        for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
            Swift.print("  \(line)")
        }
    }

    /// Pushes printed events out now, so a pipe sees each one as it arrives.
    func flush() {
        fflush(nil)  // all C streams; naming `stdout` is not concurrency-safe in Swift 6
    }
}
