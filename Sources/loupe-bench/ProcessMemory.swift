import Foundation

/// This process's memory use as Linux reports it in `/proc/self/status`.
enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, or nil where `/proc` is unavailable.
    static var peakResident: Int? { statusField("VmHWM") }

    /// Current resident set size (`VmRSS`) in bytes, or nil where `/proc` is unavailable.
    static var currentResident: Int? { statusField("VmRSS") }

    /// Resets the peak (`VmHWM`) to the current RSS, so the next benchmark measures its own peak.
    /// Writing `5` to `clear_refs` does exactly that on Linux; elsewhere this does nothing.
    static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        defer { try? handle.close() }
        try? handle.write(contentsOf: Data("5".utf8))
    }

    /// Reads a `Name:   1234 kB` line of `/proc/self/status`.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
