import LoupeCore

/// Writes parsed events back out as an event stream, every field explicit, so that parsing the
/// result must give the same events: `event` always (`message` is the default anyway), `id`
/// always (an empty `id:` clears the last event ID, as a nil id means), `retry` when the event
/// carried one, and one `data:` line per line of the data.
enum SSEStreamWriter {
    static func stream(of events: [SSEEvent]) -> String {
        var text = ""
        for event in events {
            text += "event: \(event.type)\n"
            text += "id: \(event.id ?? "")\n"
            if let retry = event.retry { text += "retry: \(retry)\n" }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "data: \(line)\n"
            }
            text += "\n"
        }
        return text
    }
}
