import LoupeCore

/// The columns of the event list for a given width: time, method, status, host and path,
/// duration, size and markers. Host and path take what the fixed columns leave.
struct EventRowLayout {
    let width: Int
    let format: EventFormat
    let milliseconds: Bool
    let timeWidth: Int
    let markersWidth: Int
    let targetWidth: Int
    static let methodWidth = 7
    static let statusWidth = 3
    static let durationWidth = 5
    static let sizeWidth = 5

    init(width: Int, format: EventFormat) {
        self.width = width
        self.format = format
        milliseconds = width >= 100
        timeWidth = milliseconds ? 12 : 8
        markersWidth = width >= 100 ? 16 : 10
        let fixed = timeWidth + Self.methodWidth + Self.statusWidth + Self.durationWidth + Self.sizeWidth
            + markersWidth + 6  // one space between each pair of the seven columns
        targetWidth = max(8, width - fixed)
    }

    func header() -> ScreenLine {
        ScreenLine(columns(time: "TIME", method: "METHOD", status: "ST", target: "HOST/PATH", duration: "DUR",
                           size: "SIZE", markers: "MARKS", statusStyle: .header, base: .header))
            .fitted(to: width, fill: .header)
    }

    func row(_ event: NetworkEvent, selected: Bool) -> ScreenLine {
        let line = ScreenLine(columns(
            time: format.time(event.startedAt, milliseconds: milliseconds), method: EventFormat.method(event),
            status: EventFormat.status(event), target: EventFormat.target(event),
            duration: EventFormat.duration(event), size: EventFormat.size(event),
            markers: EventFormat.markers(event), statusStyle: EventFormat.statusStyle(event), base: .plain))
        return selected ? line.restyled(.selected).fitted(to: width, fill: .selected) : line.fitted(to: width)
    }

    private func columns(time: String, method: String, status: String, target: String, duration: String,
                         size: String, markers: String, statusStyle: ScreenStyle,
                         base: ScreenStyle) -> [ScreenSegment] {
        let markerStyle: ScreenStyle = base == .header ? .header : .marker
        return [
            ScreenSegment(TerminalText.fitted(time, to: timeWidth) + " ", base == .header ? .header : .dim),
            ScreenSegment(TerminalText.fitted(method, to: Self.methodWidth) + " ", base == .header ? .header : .bold),
            ScreenSegment(TerminalText.fitted(status, to: Self.statusWidth) + " ", statusStyle),
            ScreenSegment(TerminalText.fitted(target, to: targetWidth) + " ", base),
            ScreenSegment(TerminalText.fitted(duration, to: Self.durationWidth, alignRight: true) + " ", base),
            ScreenSegment(TerminalText.fitted(size, to: Self.sizeWidth, alignRight: true) + " ", base),
            ScreenSegment(TerminalText.fitted(markers, to: markersWidth), markerStyle),
        ]
    }
}
