#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A one-line progress note on standard error for long scans: only when standard error is a
/// terminal, only after the scan has run for a second, and at most a few times per second.
final class ScanProgress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = Date()
    private var lastUpdate = Date.distantPast
    private var files = 0
    private var bytes = 0
    private var showing = false

    /// Counts a finished file and maybe redraws the line.
    func update(path: String, bytes fileBytes: Int) {
        files += 1
        bytes += fileBytes
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) > 1, now.timeIntervalSince(lastUpdate) > 0.2 else { return }
        lastUpdate = now
        let megabytes = String(format: "%.1f", Double(bytes) / 1_048_576)
        let name = path.count > 50 ? "…" + path.suffix(49) : path
        FileHandle.standardError.write(Data("\r\u{1B}[Kscanning: \(files) files, \(megabytes) MB  \(name)".utf8))
        showing = true
    }

    /// Erases the progress line so findings and errors print on a clean line.
    func clear() {
        guard showing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        showing = false
    }
}
