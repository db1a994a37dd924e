import Foundation
import Logging
import LoupeExport
import LoupeRedaction

extension LogAPIServer {
    /// Where the log API listens and what it reports.
    ///
    /// ```swift
    /// var configuration = LogAPIServer.Configuration()
    /// configuration.port = 0          // any free port; LogAPIServer.start() returns the bound one
    /// ```
    public struct Configuration: Sendable {
        /// The address to listen on; loopback unless ``allowRemote`` is set.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// Allows a ``host`` other than a loopback address. The API serves the whole log, so
        /// this is opt-in.
        public var allowRemote: Bool
        /// What exports from this API record as their source.
        public var source: ExportManifest.Source
        /// The rules of the export verification pass and the id `/v1/stats` reports; by default
        /// the logger's own rules when its redactor is a ``Redactor``, else the built-in set.
        public var ruleSet: RuleSet?
        /// How often the live stream sends a comment line so proxies and clients keep it open.
        public var heartbeatInterval: Duration
        /// Live counters of whatever feeds the logger, reported by `/v1/stats` as
        /// `sourceCounters` (the proxy's forwarded exchanges, open connections and header
        /// timeouts); nil leaves them out.
        public var sourceCounters: (@Sendable () async -> [String: Int])?
        /// The token every request must carry (`Authorization: Bearer TOKEN` or `?token=TOKEN`),
        /// a fresh random one by default; nil serves anyone who can reach the address.
        /// ``LogAPIServer/Running/inspectorURL`` is the page's address with it.
        public var accessToken: String?
        /// Where the server reports its own conditions.
        public var logger: Logger

        /// Loopback, port 9901, a random access token, 15-second heartbeats.
        public init(host: String = "127.0.0.1", port: Int = 9901, allowRemote: Bool = false,
                    source: ExportManifest.Source = .app, ruleSet: RuleSet? = nil,
                    heartbeatInterval: Duration = .seconds(15),
                    accessToken: String? = LogAPIServer.randomAccessToken(),
                    logger: Logger = Logger(label: "loupe.api")) {
            self.host = host
            self.port = port
            self.allowRemote = allowRemote
            self.source = source
            self.ruleSet = ruleSet
            self.heartbeatInterval = heartbeatInterval
            self.accessToken = accessToken
            self.logger = logger
        }

        /// `http://host:port` for `port`, with IPv6 hosts in brackets.
        func baseURL(port: Int) -> String {
            "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }

        /// Whether ``host`` names the loopback interface.
        var isLoopback: Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}

extension LogAPIServer {
    /// 32 random hex digits (128 bits) from the system's secure generator.
    public static func randomAccessToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
