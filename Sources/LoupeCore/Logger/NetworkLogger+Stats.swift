extension NetworkLogger {
    /// Counters describing what a ``NetworkLogger`` holds and what it let go of.
    ///
    /// Every recorded event is accounted for exactly once:
    /// `ingested == storedEvents + evictedEvents + filteredOut + clearedEvents`; and every event a
    /// source offered (for the proxy: every exchange it forwarded) once it has been applied:
    /// `offered == ingested + droppedEvents`.
    public struct Stats: Sendable, Hashable {
        /// Events currently stored.
        public var storedEvents: Int
        /// The summed ``NetworkEvent/storedSize`` of the stored events.
        public var storedBytes: Int
        /// Events evicted to respect the count or byte bound, including events that alone
        /// exceeded the byte bound.
        public var evictedEvents: Int
        /// The summed cost of the evicted events.
        public var evictedBytes: Int
        /// Changes that a subscriber's full buffer had to drop.
        public var droppedNotifications: Int
        /// Events removed (or never stored) because their final form did not match the capture filter.
        public var filteredOut: Int
        /// Events removed by ``NetworkLogger/clear()``.
        public var clearedEvents: Int
        /// Distinct events recorded; recording an id that is already stored updates it instead.
        public var ingested: Int
        /// `update`, `appendSSE` and `finish` calls for ids that are not stored (never recorded,
        /// evicted, filtered out or cleared).
        public var lateUpdates: Int
        /// Subscribers currently attached through ``NetworkLogger/changes()``.
        public var subscribers: Int
        /// Events a source could not hand over because ingest fell behind, so they were never
        /// logged (see ``NetworkLogger/countDropped(_:)``).
        public var droppedEvents: Int

        /// Stats with every counter at zero.
        public init(
            storedEvents: Int = 0, storedBytes: Int = 0, evictedEvents: Int = 0, evictedBytes: Int = 0,
            droppedNotifications: Int = 0, filteredOut: Int = 0, clearedEvents: Int = 0, ingested: Int = 0,
            lateUpdates: Int = 0, subscribers: Int = 0, droppedEvents: Int = 0
        ) {
            self.storedEvents = storedEvents
            self.storedBytes = storedBytes
            self.evictedEvents = evictedEvents
            self.evictedBytes = evictedBytes
            self.droppedNotifications = droppedNotifications
            self.filteredOut = filteredOut
            self.clearedEvents = clearedEvents
            self.ingested = ingested
            self.lateUpdates = lateUpdates
            self.subscribers = subscribers
            self.droppedEvents = droppedEvents
        }
    }
}
