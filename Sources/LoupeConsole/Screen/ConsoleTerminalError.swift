import Foundation

/// The terminal could not be used for the console: ncurses does not know its type (`TERM`).
public struct ConsoleTerminalError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The `TERM` value, or nil when it is not set.
    public let term: String?

    /// An error for the current `TERM`.
    public init() {
        term = ProcessInfo.processInfo.environment["TERM"]
    }

    public var description: String {
        if let term {
            return "The terminal type '\(term)' (TERM) cannot be used for the console; set TERM=xterm-256color or print a table with --plain."
        }
        return "TERM is not set, so the console cannot draw; set TERM=xterm-256color or print a table with --plain."
    }

    public var errorDescription: String? { description }
}
