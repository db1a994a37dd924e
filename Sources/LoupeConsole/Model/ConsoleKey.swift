/// A key press as the console understands it, independent of the terminal library that read it.
public enum ConsoleKey: Sendable, Hashable {
    /// A printable character (including space).
    case character(Character)
    /// A character typed with Control held, named by its lower-case letter: `.control("u")` is Ctrl-U.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab, backTab
    /// The terminal changed size; the new size comes with ``ConsoleAction/resize(_:)``.
    case resize
}
