extension ConsoleModel {
    /// The action a key stands for in the console's current state (filter line, export prompt,
    /// help, detail view or list); nil when the key means nothing there.
    ///
    /// The bindings are listed, in the same words, by ``ConsoleModel/helpLines``.
    public func action(for key: ConsoleKey) -> ConsoleAction? {
        if key == .resize { return nil }  // the caller sends .resize(size) with the new size
        if filterEditor != nil {
            switch key {
            case .enter: return .commitFilter
            case .escape: return .cancelFilter
            case .up: return .recallFilter(older: true)
            case .down: return .recallFilter(older: false)
            case .control("c"): return .quit
            default: return .editFilter(key)
            }
        }
        if exportPrompt != nil {
            switch key {
            case .enter: return .commitExport
            case .escape: return .cancelExport
            case .control("c"): return .quit
            default: return .editExport(key)
            }
        }
        if showingHelp {
            switch key {
            case .character("q"), .control("c"): return .quit
            default: return .toggleHelp  // any other key closes the help
            }
        }
        switch key {
        case .up, .character("k"): return .move(-1)
        case .down, .character("j"): return .move(1)
        case .pageUp, .control("b"): return .pageUp
        case .pageDown, .control("f"), .character(" "): return .pageDown
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .character("f"): return .toggleFollow
        case .character("/"): return .beginFilter
        case .character("t"): return .toggleFilter
        case .character("x"): return .beginExport
        case .character("c"): return .clear
        case .character("?"): return .toggleHelp
        case .character("q"), .control("c"): return .quit
        default: break
        }
        if screen == .list {
            switch key {
            case .enter, .tab, .right, .character("l"): return .openDetail
            default: return nil
            }
        }
        switch key {
        case .escape, .backspace, .character("h"): return .closeDetail
        case .tab, .right, .character("l"): return .nextTab
        case .backTab, .left: return .previousTab
        case .character(let digit) where digit.wholeNumberValue.map { (1...DetailTab.allCases.count).contains($0) } ?? false:
            return .selectTab(DetailTab(rawValue: digit.wholeNumberValue! - 1)!)
        default: return nil
        }
    }

    /// Every key binding, for the help screen.
    public static let helpLines: [(keys: String, meaning: String)] = [
        ("↑ ↓  k j", "move the selection (scroll in the detail view)"),
        ("PgUp PgDn  Space", "move a page"),
        ("g G  Home End", "first / last row (top / bottom of the detail view)"),
        ("Enter  →  l", "open the detail view of the selected event"),
        ("Tab Shift-Tab  → ←", "next / previous tab in the detail view"),
        ("1 … 5", "Request, Response, Events, Timing, Redactions tab"),
        ("Esc  Backspace  h", "back from the detail view to the list"),
        ("f", "follow the newest event on / off"),
        ("/", "edit the filter: ← → move, Ctrl-U clears, Ctrl-W deletes a word,"),
        ("", "  ↑ ↓ recall history, Enter keeps, Esc cancels"),
        ("t", "turn the filter off / on"),
        ("x", "export the events shown to a file"),
        ("c", "clear the view (the source keeps its events)"),
        ("?", "show / hide this help"),
        ("q  Ctrl-C", "quit"),
    ]
}
