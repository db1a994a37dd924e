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
        /// Where the server reports its own conditions.
        public var logger: Logger

        /// Loopback, port 9901, 15-second heartbeats.
        public init(host: String = "127.0.0.1", port: Int = 9901, allowRemote: Bool = false,
                    source: ExportManifest.Source = .app, ruleSet: RuleSet? = nil,
                    heartbeatInterval: Duration = .seconds(15),
                    logger: Logger = Logger(label: "loupe.api")) {
            self.host = host
            self.port = port
            self.allowRemote = allowRemote
            self.source = source
            self.ruleSet = ruleSet
            self.heartbeatInterval = heartbeatInterval
            self.logger = logger
        }

        /// Whether ``host`` names the loopback interface.
        var isLoopback: Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}
