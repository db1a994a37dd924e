import ChatAPI
import Foundation

/// One event of a `text/event-stream` body, parsed just enough for the backend's own output.
struct ServerSentEvent: Equatable {
    var id: String?
    var data: String

    /// Splits a complete stream body into events; each must end with a blank line.
    static func parse(_ body: String) -> [ServerSentEvent] {
        body.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            var event = ServerSentEvent(id: nil, data: "")
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") {
                    event.id = String(line.dropFirst(4))
                } else if line.hasPrefix("data: ") {
                    event.data = String(line.dropFirst(6))
                }
            }
            return event
        }
    }

    /// The event's data as a ``MessageDelta``.
    func delta() throws -> MessageDelta {
        try ChatJSON.makeDecoder().decode(MessageDelta.self, from: Data(data.utf8))
    }
}
