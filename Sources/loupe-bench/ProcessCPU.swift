import Foundation

/// CPU time (user + system, all threads) of a process, as Linux reports it in `/proc/PID/stat`.
enum ProcessCPU {
    /// Seconds of CPU used so far by process `pid` (this process when nil), or nil where `/proc`
    /// is unavailable or the process is gone.
    static func seconds(of pid: Int32? = nil) -> Double? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces), field 3 is the state; utime and stime
        // are fields 14 and 15, in clock ticks.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
