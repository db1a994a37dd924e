#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A one-line progress note on standard error for long exports and scans: only when standard error
/// is a terminal, only after the job has run for a second, and at most five times a second.
final class ProgressLine {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = Date()
    private var lastUpdate = Date.distantPast
    private var showing = false

    /// Replaces the line with `text` when a redraw is due; `text` is only built then.
    func show(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) > 1, now.timeIntervalSince(lastUpdate) > 0.2 else { return }
        lastUpdate = now
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
        showing = true
    }

    /// Erases the line so findings and errors print on a clean line.
    func clear() {
        guard showing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        showing = false
    }
}
