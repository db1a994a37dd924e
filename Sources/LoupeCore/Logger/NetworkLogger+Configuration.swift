import Logging

extension NetworkLogger {
    /// How a ``NetworkLogger`` bounds, filters and redacts what it stores.
    ///
    /// ```swift
    /// var configuration = NetworkLogger.Configuration()
    /// configuration.maxBytes = 16 * 1024 * 1024
    /// configuration.captureFilter = try EventFilter(parsing: "status:5xx")
    /// let logger = NetworkLogger(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The most events kept; the oldest are evicted beyond it (clamped to at least 1).
        public var maxEvents: Int
        /// The most bytes (summed ``NetworkEvent/storedSize``) kept; the oldest are evicted beyond it.
        public var maxBytes: Int
        /// Which finished events are kept. Pending and streaming events are always visible; the
        /// filter decides once an event reaches a final state.
        public var captureFilter: EventFilter
        /// Applied to every event before it is stored.
        public var redactor: any EventRedactor
        /// How many undelivered changes each subscriber may have queued before the oldest are dropped.
        public var subscriberBufferSize: Int
        /// Where the logger reports its own conditions (oversized events, subscribers); never per event.
        public var logger: Logger

        /// A configuration with defaults for everything not given: 10 000 events, 64 MiB, keep
        /// everything, no redaction, 1 024 queued changes per subscriber.
        public init(
            maxEvents: Int = 10_000,
            maxBytes: Int = 64 * 1024 * 1024,
            captureFilter: EventFilter = .all,
            redactor: any EventRedactor = IdentityRedactor(),
            subscriberBufferSize: Int = 1_024,
            logger: Logger = Logger(label: "loupe.logger")
        ) {
            self.maxEvents = maxEvents
            self.maxBytes = maxBytes
            self.captureFilter = captureFilter
            self.redactor = redactor
            self.subscriberBufferSize = subscriberBufferSize
            self.logger = logger
        }
    }
}
