import Foundation
import LoupeCore

extension ConsoleModel {
    /// Applies one user action; returns what the caller must do outside the model, if anything.
    @discardableResult
    public mutating func apply(_ action: ConsoleAction) -> ConsoleEffect? {
        // A note stays until the next key, whatever that key does.
        if case .resize = action {} else { message = nil }
        switch action {
        case .move(let delta):
            if screen == .list { moveSelection(by: delta) } else { scrollDetail(by: delta) }
        case .pageUp:
            apply(.move(-(screen == .list ? listRows : detailRows)))
        case .pageDown:
            apply(.move(screen == .list ? listRows : detailRows))
        case .first:
            if screen == .list { moveSelection(to: 0) } else { detailScroll = 0 }
        case .last:
            if screen == .list { moveSelection(to: visible.count - 1) } else { scrollDetail(by: .max / 2) }
        case .openDetail:
            guard let row = selectedRow else { break }
            screen = .detail(serial: visible[row])
            detailScroll = 0
        case .closeDetail:
            screen = .list
            keepSelectionInView()
        case .nextTab:
            selectTab(detailTab.next)
        case .previousTab:
            selectTab(detailTab.previous)
        case .selectTab(let tab):
            selectTab(tab)
        case .toggleFollow:
            follow.toggle()
            keepSelectionInView()
        case .beginFilter:
            filterEditor = FilterEditor(text: filter.source, originalEnabled: filterEnabled)
            keepSelectionInView()
        case .editFilter(let key):
            guard var editor = filterEditor else { break }
            editor.line.handle(key)
            editor.historyIndex = nil
            editor.error = applyFilterText(editor.line.text)
            filterEditor = editor
        case .recallFilter(let older):
            guard var editor = filterEditor, let text = editor.recall(older: older, in: filterHistory) else { break }
            editor.line.setText(text)
            editor.error = applyFilterText(text)
            filterEditor = editor
        case .commitFilter:
            guard let editor = filterEditor else { break }
            // Enter on a broken expression keeps the line open so the error can be fixed.
            guard editor.error == nil else { break }
            remember(editor.line.text)
            filterEditor = nil
            keepSelectionInView()
        case .cancelFilter:
            guard let editor = filterEditor else { break }
            filterEditor = nil
            if let original = try? EventFilter(parsing: editor.originalSource) { filter = original }
            filterEnabled = editor.originalEnabled
            showRows(matching: effectiveFilter)
            keepSelectionInView()
        case .toggleFilter:
            guard !filter.matchesEverything else {
                message = Message(text: "No filter to toggle: press / to type one.", isError: false)
                break
            }
            filterEnabled.toggle()
            showRows(matching: effectiveFilter)
        case .setFilter(let text):
            if let error = applyFilterText(text) {
                message = Message(text: "The filter is not valid at \(error).", isError: true)
            } else {
                remember(text)
            }
        case .beginExport:
            exportPrompt = LineEditor(configuration.defaultExportPath)
        case .editExport(let key):
            exportPrompt?.handle(key)
        case .commitExport:
            guard let prompt = exportPrompt else { break }
            exportPrompt = nil
            let path = prompt.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { break }
            return .export(path: path)
        case .cancelExport:
            exportPrompt = nil
        case .clear:
            clearView()
        case .toggleHelp:
            showingHelp.toggle()
        case .resize(let newSize):
            size = newSize
            keepSelectionInView()
            clampDetailScroll()
        case .quit:
            return .quit
        }
        return nil
    }

    /// Shows a note in the bottom line until the next key (the result of an export, say).
    public mutating func show(_ text: String, isError: Bool = false) {
        message = Message(text: text, isError: isError)
    }

    // MARK: - Selection and scrolling

    mutating func moveSelection(by delta: Int) {
        guard let row = selectedRow else { return }
        if delta < 0 { follow = false }
        moveSelection(to: row + delta, keepFollow: true)
    }

    mutating func moveSelection(to row: Int, keepFollow: Bool = false) {
        guard !visible.isEmpty else { return }
        let row = min(max(0, row), visible.count - 1)
        selectedSerial = visible[row]
        // Jumping anywhere but the newest row stops following.
        if !keepFollow, row != visible.count - 1 { follow = false }
        keepSelectionInView()
    }

    /// Settles the selection on a shown row (following the newest one in follow mode) and
    /// scrolls just enough to keep it on screen.
    mutating func keepSelectionInView() {
        guard !visible.isEmpty else {
            scrollTop = 0
            return
        }
        if follow {
            selectedSerial = visible.last
        } else if let serial = selectedSerial {
            let index = insertionIndex(of: serial)
            let shown = index < visible.count && visible[index] == serial
            // While a scan runs the selected event may simply not be evaluated yet: keep it.
            let pending = scan.map { serial >= $0.cursor } ?? false
            if !shown, !pending { selectedSerial = visible[min(index, visible.count - 1)] }
        } else {
            selectedSerial = visible.last
        }
        let row = selectedRow ?? 0
        if row < scrollTop { scrollTop = row }
        if row >= scrollTop + listRows { scrollTop = row - listRows + 1 }
        scrollTop = max(0, min(scrollTop, visible.count - listRows))
    }

    // MARK: - Detail view

    mutating func selectTab(_ tab: DetailTab) {
        guard detailTab != tab else { return }
        detailTab = tab
        detailScroll = 0
    }

    mutating func scrollDetail(by delta: Int) {
        detailScroll = max(0, detailScroll.addingReportingOverflow(delta).partialValue)
        clampDetailScroll()
    }

    /// The number of content lines of the detail view at the current width.
    var detailLineCount: Int {
        guard let event = detailEvent else { return 0 }
        return DetailContent(event: event, width: size.columns).lines(for: detailTab).count
    }

    mutating func clampDetailScroll() {
        guard screen != .list else { return }
        detailScroll = max(0, min(detailScroll, detailLineCount - detailRows))
    }

    // MARK: - Clearing

    /// Drops every event from the view and remembers their ids so a replaying source does not
    /// bring them back.
    mutating func clearView() {
        clearedIDs.formUnion(serialByID.keys)
        events.removeAll()
        serialByID.removeAll()
        lowestSerial = nextSerial
        visible = []
        visibleFilter = effectiveFilter
        scan = nil
        selectedSerial = nil
        scrollTop = 0
        screen = .list
        follow = true
        message = Message(text: "Cleared the view; new events will appear as they arrive.", isError: false)
    }
}
