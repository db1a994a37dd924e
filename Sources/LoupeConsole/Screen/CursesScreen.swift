#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNCurses
import Foundation
import LoupeCore

/// The thin ncurses layer: starts and ends curses mode, draws a ``ConsoleFrame`` and reads keys.
/// Everything it draws was laid out by ``ConsoleRenderer``; it only maps styles to colours.
///
/// ncursesw is used with the locale taken from the environment, so UTF-8 text and wide
/// characters are drawn and typed correctly. Under `NO_COLOR` only attributes (bold, dim,
/// reverse) are used. Not thread-safe: one thread owns the screen.
final class CursesScreen {
    private let colors: Bool
    private var attributes: [ScreenStyle: Int32] = [:]
    private var ended = false
    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>

    /// Enters curses mode on standard input and output; `colors` false draws with attributes only.
    ///
    /// - Throws: ``ConsoleTerminalError`` when ncurses does not know the terminal (`TERM`), where
    ///   `initscr` would have exited the process.
    init(colors: Bool) throws(ConsoleTerminalError) {
        loupe_curses_setlocale()
        // Duplicates, so closing them at the end leaves the process's own descriptors open.
        guard let output = fdopen(dup(STDOUT_FILENO), "w") else { throw ConsoleTerminalError() }
        guard let input = fdopen(dup(STDIN_FILENO), "r") else {
            fclose(output)
            throw ConsoleTerminalError()
        }
        guard let screen = newterm(nil, output, input) else {
            fclose(output)
            fclose(input)
            throw ConsoleTerminalError()
        }
        set_term(screen)
        self.screen = screen
        self.output = output
        self.input = input
        raw()  // Ctrl-C and Ctrl-Z arrive as keys, so quitting always restores the terminal
        noecho()
        nonl()
        _ = loupe_curses_keypad(1)
        set_escdelay(25)  // Esc closes the filter line at once rather than after a second
        curs_set(0)
        self.colors = colors && has_colors()
        if self.colors {
            start_color()
            use_default_colors()
        }
        attributes = Dictionary(uniqueKeysWithValues: ScreenStyle.allCases.map { ($0, attribute(for: $0)) })
    }

    deinit { end() }

    /// Leaves curses mode and restores the terminal; safe to call twice.
    func end() {
        guard !ended else { return }
        ended = true
        curs_set(1)
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    /// The terminal's current size.
    var size: ConsoleSize {
        ConsoleSize(rows: Int(loupe_curses_rows()), columns: Int(loupe_curses_columns()))
    }

    /// Draws `frame` and shows the text cursor where it asks for one.
    func draw(_ frame: ConsoleFrame) {
        let size = size
        for (row, line) in frame.lines.prefix(size.rows).enumerated() {
            _ = loupe_curses_move(Int32(row), 0)
            for segment in line.segments {
                loupe_curses_attrset(attributes[segment.style] ?? 0)
                _ = loupe_curses_addstr(segment.text)
            }
            loupe_curses_attrset(0)
            // A line one cell short of the width (a wide character that did not fit) is cleared
            // to the end; writing the very last cell of the screen must not scroll it.
            if row < size.rows - 1 { _ = loupe_curses_clrtoeol() }
        }
        if let cursor = frame.cursor {
            curs_set(1)
            _ = loupe_curses_move(Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        _ = loupe_curses_refresh()
    }

    /// Waits up to `milliseconds` (0: do not wait) for a key.
    func readKey(timeout milliseconds: Int) -> ConsoleKey? {
        loupe_curses_timeout(Int32(milliseconds))
        var value: UInt32 = 0
        let result = loupe_curses_get_wch(&value)
        if result == KEY_CODE_YES { return Self.functionKey(Int32(bitPattern: value)) }
        guard result == OK, let scalar = Unicode.Scalar(value) else { return nil }
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x1B: return .escape
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0x00..<0x20: return nil
        default: return .character(Character(scalar))
        }
    }

    private static func functionKey(_ code: Int32) -> ConsoleKey? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        case KEY_RESIZE: .resize
        default: nil
        }
    }

    private func attribute(for style: ScreenStyle) -> Int32 {
        let bold = loupe_curses_attr_bold(), dim = loupe_curses_attr_dim(), reverse = loupe_curses_attr_reverse()
        let underline = loupe_curses_attr_underline()
        let color: (Int16, Int32)? = switch style {
        case .success: (1, Int32(COLOR_GREEN))
        case .redirect: (2, Int32(COLOR_CYAN))
        case .clientError: (3, Int32(COLOR_YELLOW))
        case .serverError, .error: (4, Int32(COLOR_RED))
        case .marker: (5, Int32(COLOR_MAGENTA))
        case .key: (6, Int32(COLOR_CYAN))
        default: nil
        }
        var value: Int32 = switch style {
        case .plain, .success, .redirect, .clientError, .marker: 0
        case .serverError, .error, .bold, .key: bold
        case .dim, .pending, .inactiveTab: dim
        case .header: bold | underline
        case .selected, .statusBar, .activeTab: reverse
        }
        if colors, let (pair, foreground) = color {
            init_pair(pair, Int16(foreground), -1)
            value |= loupe_curses_color_pair(Int32(pair))
        }
        return value
    }
}
