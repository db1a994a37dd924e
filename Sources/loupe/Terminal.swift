#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation

/// What the CLI may assume about where its output goes.
enum Terminal {
    /// Colour only for a terminal, and never when `NO_COLOR` is set to anything non-empty.
    static func colorEnabled(for descriptor: Int32 = STDOUT_FILENO) -> Bool {
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return isatty(descriptor) == 1
    }

    /// Whether the console can run: it reads keys from standard input and draws on standard output.
    static var canShowConsole: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// ANSI styles used by the CLI, rendered as nothing when colour is off.
    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    static func paint(_ text: String, _ style: Style, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Prints `error: message` to standard error and returns the exit status to throw, so a
    /// failure reads as one sentence rather than a usage dump. Status 2 means "could not do the job".
    static func fail(_ message: String, status: Int32 = 2) -> ExitCode {
        printError(paint("error:", .red, enabled: colorEnabled(for: STDERR_FILENO)) + " " + message)
        return ExitCode(status)
    }

    /// Writes a line to standard error.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
