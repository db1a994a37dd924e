import Foundation

/// A process's memory use as Linux reports it in `/proc/PID/status` (this process's by default).
enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, or nil where `/proc` is unavailable.
    static var peakResident: Int? { statusField("VmHWM") }

    /// Current resident set size (`VmRSS`) in bytes, or nil where `/proc` is unavailable.
    static var currentResident: Int? { statusField("VmRSS") }

    /// Current resident set size of process `pid` in bytes, or nil when it is gone.
    static func currentResident(of pid: Int32) -> Int? { statusField("VmRSS", of: pid) }

    /// Resets the peak (`VmHWM`) to the current RSS, so the next benchmark measures its own peak.
    /// Writing `5` to `clear_refs` does exactly that on Linux; elsewhere this does nothing.
    static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        defer { try? handle.close() }
        try? handle.write(contentsOf: Data("5".utf8))
    }

    /// Reads a `Name:   1234 kB` line of `/proc/PID/status`.
    private static func statusField(_ name: String, of pid: Int32? = nil) -> Int? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
