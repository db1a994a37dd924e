import LoupeCore

/// Turns a ``ConsoleModel`` into the lines of one screen for the model's size: the list or the
/// detail view, the status bar and the bottom line (filter line, prompt, note or key hints).
///
/// Only the rows on screen are formatted, so drawing costs the same with 100 events or 100 000.
/// Every line is exactly as wide as the terminal.
public struct ConsoleRenderer: Sendable {
    public var format: EventFormat

    public init(format: EventFormat = EventFormat()) {
        self.format = format
    }

    /// The screen for `model`.
    public func frame(for model: ConsoleModel) -> ConsoleFrame {
        let width = model.size.columns
        var lines: [ScreenLine]
        switch model.screen {
        case .list:
            lines = [EventRowLayout(width: width, format: format).header()]
            lines += model.showingHelp ? helpLines(model, rows: model.listRows) : listLines(model)
        case .detail:
            lines = detailLines(model)
        }
        lines.append(statusBar(model))
        var frame = ConsoleFrame(lines: [])
        lines += bottomLines(model, firstRow: lines.count, frame: &frame)
        // Short terminals: keep the top rows and the status and bottom lines that fit.
        frame.lines = Array(lines.prefix(model.size.rows)).map { $0.fitted(to: width) }
        return frame
    }

    // MARK: - List

    private func listLines(_ model: ConsoleModel) -> [ScreenLine] {
        let layout = EventRowLayout(width: model.size.columns, format: format)
        let rows = model.listRows
        var lines: [ScreenLine] = []
        if model.visibleCount == 0 {
            lines.append(ScreenLine())
            lines.append(ScreenLine("  " + emptyListNote(model), .dim))
        } else {
            let selected = model.selectedRow
            let end = min(model.visibleCount, model.scrollTop + rows)
            for row in model.scrollTop..<end {
                guard let event = model.visibleEvent(at: row) else { continue }
                lines.append(layout.row(event, selected: row == selected))
            }
        }
        return padded(lines, to: rows)
    }

    private func emptyListNote(_ model: ConsoleModel) -> String {
        if model.isFiltering { return "Filtering…" }
        if model.totalCount == 0 { return "No events yet." }
        return "No event matches the filter; t turns it off, / edits it."
    }

    // MARK: - Detail

    private func detailLines(_ model: ConsoleModel) -> [ScreenLine] {
        let width = model.size.columns
        let rows = model.detailRows
        guard let event = model.detailEvent else {
            return padded([ScreenLine("This event is no longer in the log (evicted or cleared). Esc goes back.", .dim)],
                          to: rows + 2)
        }
        let content = DetailContent(event: event, width: width, format: format)
        let title = ScreenLine([
            ScreenSegment(EventFormat.method(event) + " ", .bold),
            ScreenSegment(EventFormat.status(event) + " ", EventFormat.statusStyle(event)),
            ScreenSegment(EventFormat.target(event) + "  ", .plain),
            ScreenSegment(EventFormat.markers(event), .marker),
        ])
        var tabs: [ScreenSegment] = []
        for tab in DetailTab.allCases {
            let label = " \(tab.rawValue + 1) \(content.title(of: tab)) "
            tabs.append(ScreenSegment(label, tab == model.detailTab ? .activeTab : .inactiveTab))
            tabs.append(ScreenSegment(" "))
        }
        var lines = [title, ScreenLine(tabs)]
        if model.showingHelp {
            return lines + helpLines(model, rows: rows)
        }
        let body = content.lines(for: model.detailTab)
        let start = min(model.detailScroll, max(0, body.count - 1))
        lines += body[start..<min(body.count, start + rows)]
        return padded(lines, to: rows + 2)
    }

    // MARK: - Help

    private func helpLines(_ model: ConsoleModel, rows: Int) -> [ScreenLine] {
        var lines = [ScreenLine("Keys (any key closes this help)", .header)]
        for (keys, meaning) in ConsoleModel.helpLines {
            lines.append(ScreenLine([ScreenSegment("  " + TerminalText.fitted(keys, to: 22), .key),
                                     ScreenSegment(meaning)]))
        }
        return padded(Array(lines.prefix(rows)), to: rows)
    }

    // MARK: - Status bar and bottom line

    /// Source, rows shown of stored, evictions, events not logged, follow, rule set and filter,
    /// in one line.
    func statusBar(_ model: ConsoleModel) -> ScreenLine {
        var parts = [model.configuration.sourceLabel]
        if let status = model.sourceStatus { parts.append(status) }
        parts.append("\(model.visibleCount)/\(model.totalCount) shown")
        parts.append("evicted \(model.evictedCount)")
        if model.notLoggedCount > 0 { parts.append("NOT LOGGED \(model.notLoggedCount)") }
        parts.append(model.follow ? "follow on" : "follow off")
        if let progress = model.filteringProgress { parts.append("filtering \(Int(progress * 100))%") }
        if let rules = model.configuration.ruleSetID { parts.append("rules \(rules)") }
        // The filter goes last: it is the part that may be long, so it is the part cut with "…".
        if model.filter.matchesEverything {
            parts.append("no filter")
        } else {
            parts.append("\(model.filterEnabled ? "filter" : "filter off"): \(TerminalText.sanitized(model.filter.source))")
        }
        return ScreenLine(" " + parts.joined(separator: "  "), .statusBar).fitted(to: model.size.columns, fill: .statusBar)
    }

    private func bottomLines(_ model: ConsoleModel, firstRow: Int, frame: inout ConsoleFrame) -> [ScreenLine] {
        let width = model.size.columns
        if let editor = model.filterEditor {
            let (line, cursorColumn) = fieldLine(prompt: "/", editor.line, width: width)
            frame.cursor = (firstRow, cursorColumn)
            let below: ScreenLine
            if let error = editor.error {
                // The caret sits under the offending character: prompt width + cells before it.
                let before = editor.line.characters.prefix(max(0, error.column - 1))
                let caret = min(width - 1, 1 + TerminalText.width(of: String(before)) - fieldOffset(editor.line, width: width))
                below = ScreenLine(String(repeating: " ", count: max(0, caret)) + "^ " + error.message, .error)
            } else {
                below = ScreenLine("Enter keeps · Esc cancels · ↑↓ history · Ctrl-U clears · Ctrl-W deletes a word", .dim)
            }
            return [line, below]
        }
        if let prompt = model.exportPrompt {
            let label = "Export \(model.visibleCount) events to: "
            let (line, cursorColumn) = fieldLine(prompt: label, prompt, width: width)
            frame.cursor = (firstRow, cursorColumn)
            return [line]
        }
        if let message = model.message {
            return [ScreenLine(message.text, message.isError ? .error : .bold)]
        }
        let hints: [(String, String)] = model.screen == .list
            ? [("?", "help"), ("/", "filter"), ("t", "filter off/on"), ("f", "follow"), ("Enter", "details"),
               ("x", "export"), ("q", "quit")]
            : [("Tab", "next tab"), ("Esc", "back"), ("↑↓", "scroll"), ("/", "filter"), ("?", "help"), ("q", "quit")]
        var segments: [ScreenSegment] = []
        for (key, meaning) in hints {
            segments.append(ScreenSegment(key, .key))
            segments.append(ScreenSegment(" \(meaning)", .dim))
            segments.append(ScreenSegment("  "))
        }
        return [ScreenLine(segments)]
    }

    /// A prompt and an editable field, scrolled so the cursor stays visible; returns the line and
    /// the cursor's column.
    private func fieldLine(prompt: String, _ field: LineEditor, width: Int) -> (ScreenLine, Int) {
        let promptWidth = TerminalText.width(of: prompt)
        let offset = fieldOffset(field, width: width - promptWidth + 1)
        let visible = TerminalText.sanitized(String(field.characters[offset...]))
        let before = TerminalText.width(of: TerminalText.sanitized(String(field.characters[offset..<field.cursor])))
        return (ScreenLine([ScreenSegment(prompt, .key), ScreenSegment(visible)]),
                min(width - 1, promptWidth + before))
    }

    /// How many leading characters of a long field are scrolled out of view to keep the cursor
    /// inside `width` cells after a one-cell prompt.
    private func fieldOffset(_ field: LineEditor, width: Int) -> Int {
        let room = max(1, width - 2)
        var offset = 0
        while offset < field.cursor,
              TerminalText.width(of: String(field.characters[offset..<field.cursor])) > room {
            offset += 1
        }
        return offset
    }

    private func padded(_ lines: [ScreenLine], to rows: Int) -> [ScreenLine] {
        lines.count >= rows ? Array(lines.prefix(rows)) : lines + Array(repeating: ScreenLine(), count: rows - lines.count)
    }
}
