/// How a piece of text is drawn; the screen maps styles to colours and attributes (attributes
/// only under `NO_COLOR`).
public enum ScreenStyle: Sendable, Hashable, CaseIterable {
    case plain, dim, bold, header, selected, statusBar, error, marker, key
    /// Status classes: 2xx, 3xx, 4xx, 5xx, and no response yet.
    case success, redirect, clientError, serverError, pending
    case activeTab, inactiveTab
}

/// A run of text in one style.
public struct ScreenSegment: Sendable, Hashable {
    public var text: String
    public var style: ScreenStyle

    public init(_ text: String, _ style: ScreenStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One row of the screen, exactly as wide as the frame it belongs to.
public struct ScreenLine: Sendable, Hashable {
    public var segments: [ScreenSegment]

    public init(_ segments: [ScreenSegment] = []) {
        self.segments = segments
    }

    /// A line of one segment.
    public init(_ text: String, _ style: ScreenStyle = .plain) {
        self.segments = [ScreenSegment(text, style)]
    }

    /// The line's characters without styles.
    public var text: String { segments.map(\.text).joined() }

    /// This line cut or padded to exactly `width` cells; padding takes `fill`'s style.
    public func fitted(to width: Int, fill: ScreenStyle = .plain) -> ScreenLine {
        var result: [ScreenSegment] = []
        var used = 0
        for segment in segments where used < width {
            let remaining = width - used
            let cells = TerminalText.width(of: segment.text)
            let text = cells <= remaining ? segment.text : TerminalText.truncated(segment.text, to: remaining)
            used += TerminalText.width(of: text)
            result.append(ScreenSegment(text, segment.style))
        }
        if used < width { result.append(ScreenSegment(String(repeating: " ", count: width - used), fill)) }
        return ScreenLine(result)
    }

    /// This line with every segment drawn in `style` (a selected row, the status bar).
    public func restyled(_ style: ScreenStyle) -> ScreenLine {
        ScreenLine(segments.map { ScreenSegment($0.text, style) })
    }
}

/// A full screen: one line per row, and where to put the cursor when a text field is being edited.
public struct ConsoleFrame: Sendable, Hashable {
    public var lines: [ScreenLine]
    /// Row and column (in cells) of the text cursor; nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set { cursorPosition = newValue.map { CursorPosition(row: $0.row, column: $0.column) } }
    }
    var cursorPosition: CursorPosition?

    struct CursorPosition: Sendable, Hashable {
        var row: Int
        var column: Int
    }

    public init(lines: [ScreenLine], cursor: (row: Int, column: Int)? = nil) {
        self.lines = lines
        self.cursorPosition = cursor.map { CursorPosition(row: $0.row, column: $0.column) }
    }

    /// The frame's rows as plain text, for tests and logs.
    public var text: [String] { lines.map(\.text) }
}
