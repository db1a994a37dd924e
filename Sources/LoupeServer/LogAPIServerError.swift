/// Why the log API could not start.
public struct LogAPIServerError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// The configured host is not loopback and remote access was not allowed.
    static func remoteNotAllowed(_ host: String) -> Self {
        Self(description: "the log API would listen on \(host), which other machines can reach; it serves the whole "
                 + "log, so listen on 127.0.0.1 or allow remote access explicitly (--allow-remote)")
    }

    /// Another process already listens on the port.
    static func portInUse(host: String, port: Int) -> Self {
        Self(description: "port \(port) on \(host) is already in use by another process")
    }

    /// The server stopped before it listened, e.g. because the port was taken.
    static let stoppedBeforeListening = Self(description: "the log API stopped before it listened")
}
