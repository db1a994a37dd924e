#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A one-line event count on standard error for long exports: only on a terminal, only after the
/// export has run for a second, at most five times a second.
final class ExportProgress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = Date()
    private var lastUpdate = Date.distantPast
    private var showing = false

    func update(events: Int) {
        guard enabled, events % 256 == 0 else { return }
        let now = Date()
        guard now.timeIntervalSince(start) > 1, now.timeIntervalSince(lastUpdate) > 0.2 else { return }
        lastUpdate = now
        FileHandle.standardError.write(Data("\r\u{1B}[Kexporting: \(events) events".utf8))
        showing = true
    }

    func clear() {
        guard showing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        showing = false
    }
}
