import LoupeCore

/// The events as a plain text table, for when output is not a terminal (`loupe console --open
/// FILE | grep …`): one header and one line per event, no colours, host and path last and uncut.
public struct PlainTable: Sendable {
    public var format: EventFormat

    public init(format: EventFormat = EventFormat()) {
        self.format = format
    }

    /// The header line and one line per event of `events` that matches `filter`, oldest first.
    public func lines(_ events: [NetworkEvent], filter: EventFilter = .all) -> [String] {
        var lines = [row("TIME", "METHOD", "STATUS", "DURATION", "SIZE", "MARKERS", "HOST/PATH")]
        let matchesAll = filter.matchesEverything
        for event in events where matchesAll || filter.matches(event) {
            lines.append(row(format.time(event.startedAt, milliseconds: true), EventFormat.method(event),
                             EventFormat.status(event), EventFormat.duration(event), EventFormat.size(event),
                             EventFormat.markers(event).isEmpty ? "-" : EventFormat.markers(event),
                             EventFormat.target(event)))
        }
        return lines
    }

    private func row(_ time: String, _ method: String, _ status: String, _ duration: String, _ size: String,
                     _ markers: String, _ target: String) -> String {
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - TerminalText.width(of: text)))
            return right ? padding + text : text + padding
        }
        return [pad(time, 12), pad(method, 7), pad(status, 6), pad(duration, 8, right: true),
                pad(size, 6, right: true), pad(markers, 12), target].joined(separator: " ")
    }
}
