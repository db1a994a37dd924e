/// A one-line text field with the usual terminal editing keys: ←/→, Home/End (Ctrl-A/Ctrl-E),
/// Backspace, Delete, Ctrl-U (clear) and Ctrl-W (delete the word before the cursor).
public struct LineEditor: Sendable, Hashable {
    /// The text, as characters so the cursor never splits a grapheme.
    public private(set) var characters: [Character]
    /// The cursor position, 0 … `characters.count`.
    public private(set) var cursor: Int

    /// A field holding `text` with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The field's text.
    public var text: String { String(characters) }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Applies an editing key; returns whether the key was an editing key (changed or not).
    @discardableResult
    public mutating func handle(_ key: ConsoleKey) -> Bool {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeAll()
            cursor = 0
        case .control("w"):
            deleteWordBeforeCursor()
        default:
            return false
        }
        return true
    }

    /// Deletes the spaces just before the cursor, then the word before them, as shells do.
    private mutating func deleteWordBeforeCursor() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }
}
