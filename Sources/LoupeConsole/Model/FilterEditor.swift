import LoupeCore

/// The state of the filter line while it is open: the text being edited, the parse error at its
/// column (if any), where the user is in the history, and the filter to restore on Esc.
public struct FilterEditor: Sendable, Hashable {
    /// The text field.
    public internal(set) var line: LineEditor
    /// Why the current text does not parse; nil when it does.
    public internal(set) var error: FilterParseError?
    /// The filter text and on/off state when the line was opened, restored by Esc.
    let originalSource: String
    let originalEnabled: Bool
    /// The history entry shown, while ↑/↓ recall history; nil while editing a fresh line.
    var historyIndex: Int?
    /// What was typed before ↑ recalled history, brought back by ↓ past the newest entry.
    var draft = ""

    init(text: String, originalEnabled: Bool) {
        line = LineEditor(text)
        originalSource = text
        self.originalEnabled = originalEnabled
    }

    /// Moves through `history` (oldest first): older with ↑, newer with ↓; returns the text to show,
    /// or nil when there is nowhere to go.
    mutating func recall(older: Bool, in history: [String]) -> String? {
        guard !history.isEmpty else { return nil }
        if older {
            guard let index = historyIndex else {
                draft = line.text
                historyIndex = history.count - 1
                return history[history.count - 1]
            }
            guard index > 0 else { return nil }
            historyIndex = index - 1
            return history[index - 1]
        }
        guard let index = historyIndex else { return nil }
        if index + 1 < history.count {
            historyIndex = index + 1
            return history[index + 1]
        }
        historyIndex = nil
        return draft
    }
}
