import LoupeCore

/// Everything that can change a ``ConsoleModel`` apart from the source's events: one per key
/// binding, plus resizing. Keys map to actions with ``ConsoleModel/action(for:)``.
public enum ConsoleAction: Sendable, Hashable {
    /// Moves the selection by this many rows (negative is up); in the detail view, scrolls.
    case move(Int)
    case pageUp, pageDown
    /// The first (oldest) or last (newest) row; the top or bottom in the detail view.
    case first, last
    case openDetail, closeDetail
    case nextTab, previousTab
    case selectTab(DetailTab)
    case toggleFollow
    /// Opens the filter line, pre-filled with the active filter.
    case beginFilter
    /// An editing key on the filter line; the view follows the text as it is typed.
    case editFilter(ConsoleKey)
    /// ↑ (older) or ↓ (newer) on the filter line.
    case recallFilter(older: Bool)
    /// Enter on the filter line: keeps the filter when it parses.
    case commitFilter
    /// Esc on the filter line: restores the filter from before the line was opened.
    case cancelFilter
    /// Turns the active filter off, or back on.
    case toggleFilter
    /// Sets and enables a filter (as `--filter` does); an expression that does not parse is shown
    /// as an error and leaves the filter as it was.
    case setFilter(String)
    /// Opens the path prompt for exporting the current view.
    case beginExport
    case editExport(ConsoleKey)
    case commitExport
    case cancelExport
    /// Removes every event from the view; the source keeps them.
    case clear
    case toggleHelp
    case resize(ConsoleSize)
    case quit
}

/// What the console must do outside the model after an action.
public enum ConsoleEffect: Sendable, Hashable {
    case quit
    /// Write the events of the current view to this path.
    case export(path: String)
}
