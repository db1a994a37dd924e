import Foundation
import Logging

/// The in-memory log every source records into and every sink reads from.
///
/// Ingest is `record` / `update` / `appendSSE` / `finish`, keyed by event id. Each call passes the
/// new data through the configured ``EventRedactor`` *before* it is stored, so the stored events,
/// snapshots and change notifications never contain unredacted data. Events live in a
/// ``RingBuffer`` bounded by both count and bytes; evictions are counted in ``stats``.
///
/// The capture filter keeps events visible while they are pending or streaming and decides when
/// an event reaches a final state: a final event that does not match is removed (``Change/removed(_:)``)
/// and counted in ``Stats/filteredOut``, which lets `status:5xx` work as a capture filter.
///
/// ```swift
/// let logger = NetworkLogger()
/// let pending = await logger.record(NetworkEvent(source: .apiClient, request: request))
/// await logger.finish(id: pending.id, response: CapturedResponse(status: 200))
/// for await change in await logger.changes() { … }
/// ```
public actor NetworkLogger {
    /// The configuration this logger was created with.
    public nonisolated let configuration: Configuration

    private var buffer: RingBuffer
    // Copied out of the configuration so the hot path neither copies the struct nor compares filters.
    private let redactor: any EventRedactor
    private let captureFilter: EventFilter
    private let capturesEverything: Bool
    private let subscriberBufferSize: Int
    private let logger: Logger

    /// Sequence numbers start at 1 because 0 means "not recorded yet" on ``NetworkEvent``.
    private var nextSequence: UInt64 = 1
    private var subscribers: [UInt64: AsyncStream<Change>.Continuation] = [:]
    private var nextSubscriberID: UInt64 = 0

    private var ingested = 0
    private var filteredOut = 0
    private var clearedEvents = 0
    private var lateUpdates = 0
    private var droppedNotifications = 0
    private var droppedEvents = 0

    /// A logger with the given bounds, capture filter and redactor.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.buffer = RingBuffer(maxEvents: configuration.maxEvents, maxBytes: configuration.maxBytes)
        self.redactor = configuration.redactor
        self.captureFilter = configuration.captureFilter
        self.capturesEverything = configuration.captureFilter.matchesEverything
        self.subscriberBufferSize = Swift.max(1, configuration.subscriberBufferSize)
        self.logger = configuration.logger
    }

    deinit {
        // End every subscriber's `for await` loop rather than leaving it waiting forever.
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: - Ingest

    /// Redacts `event`, gives it the next sequence number and stores it as the newest event.
    ///
    /// An event recorded already in a final state that does not match the capture filter is not
    /// stored (counted in ``Stats/filteredOut``). Recording an id that is already stored updates
    /// that event instead, keeping its sequence number.
    ///
    /// - Returns: The redacted event with its sequence number, as stored (or as it would have
    ///   been stored, when the capture filter or the byte budget dropped it).
    @discardableResult
    public func record(_ event: NetworkEvent) -> NetworkEvent {
        var event = event
        redactor.redact(&event)
        event.sequence = nextSequence

        if !capturesEverything, event.state.isFinal, !captureFilter.matches(event) {
            if buffer.contains(id: event.id) {
                apply(event)
                return event
            }
            nextSequence += 1
            ingested += 1
            filteredOut += 1
            return event
        }

        switch buffer.append(event, evicted: { notify(.evicted($0.id)) }) {
        case .stored:
            nextSequence += 1
            ingested += 1
            if !subscribers.isEmpty { broadcast(.added(event)) }
        case .evictedOversized:
            nextSequence += 1
            ingested += 1
            warnOversized(event)
        case .rejected:
            // The id is already stored: this is an update of that event.
            apply(event)
            if let stored = buffer.event(id: event.id) { return stored }
        }
        return event
    }

    /// Replaces the stored event that has `event`'s id with `event`, redacted again; the stored
    /// sequence number is kept.
    ///
    /// - Returns: Whether the id was stored; false (counted in ``Stats/lateUpdates``) when it was
    ///   never recorded, or was evicted, filtered out or cleared.
    @discardableResult
    public func update(_ event: NetworkEvent) -> Bool {
        guard buffer.contains(id: event.id) else { return late() }
        var event = event
        redactor.redact(&event)
        apply(event)
        return true
    }

    /// Changes the stored event with this id through `change`, then redacts the result again.
    /// Changes to the event's `id` and `sequence` are ignored.
    ///
    /// ```swift
    /// await logger.update(id: id) { $0.timings.ttfb = 42 }
    /// ```
    ///
    /// - Returns: Whether the id was stored (see ``update(_:)``).
    @discardableResult
    public func update(id: UUID, _ change: @Sendable (inout NetworkEvent) -> Void) -> Bool {
        guard var event = buffer.event(id: id) else { return late() }
        change(&event)
        event.id = id
        redactor.redact(&event)
        apply(event)
        return true
    }

    /// Appends one server-sent event to a stored exchange: only `sseEvent` is redacted, its hits
    /// are added to the event's ``NetworkEvent/redactions``, and a pending event becomes streaming.
    ///
    /// The cost does not depend on how many SSE events the exchange already holds, and
    /// subscribers receive ``Change/sseAppended(_:_:redactionHits:)`` rather than the whole exchange.
    ///
    /// - Returns: Whether the id was stored (see ``update(_:)``).
    @discardableResult
    public func appendSSE(id: UUID, _ sseEvent: SSEEvent) -> Bool {
        var sseEvent = sseEvent
        let hits = redactor.redact(&sseEvent)
        return append(to: id, .sseAppended(id, sseEvent, redactionHits: hits)) {
            $0.appendSSE(sseEvent, redactionHits: hits)
        }
    }

    /// Appends one WebSocket message to a stored exchange: only `message` is redacted, its hits
    /// are added to the event's ``NetworkEvent/redactions``, and a pending event becomes streaming.
    /// Subscribers receive ``Change/webSocketAppended(_:_:redactionHits:)``.
    ///
    /// - Returns: Whether the id was stored (see ``update(_:)``).
    @discardableResult
    public func appendWebSocket(id: UUID, _ message: WebSocketMessage) -> Bool {
        var message = message
        let hits = redactor.redact(&message)
        return append(to: id, .webSocketAppended(id, message, redactionHits: hits)) {
            $0.appendWebSocket(message, redactionHits: hits)
        }
    }

    /// Applies an already redacted append (`change`, done by `appending`, which returns how much
    /// the stored size grew) to the stored exchange `id`, and tells subscribers.
    private func append(to id: UUID, _ change: Change, appending: (inout NetworkEvent) -> Int) -> Bool {
        var isFinal = false
        let outcome = buffer.update(id: id, evicted: { notify(.evicted($0.id)) }) { event in
            let growth = appending(&event)
            isFinal = event.state.isFinal
            return growth
        }
        switch outcome {
        case .stored:
            // Rare: appended after `finish`; the final event must still pass the capture filter.
            if isFinal, !capturesEverything, let stored = buffer.event(id: id), !captureFilter.matches(stored) {
                removeFilteredOut(id)
            } else {
                notify(change)
            }
        case .evictedOversized:
            notify(.evicted(id))
            warnOversized(id: id)
        case .rejected:
            return late()
        }
        return true
    }

    /// Marks the stored exchange as finished: `complete`, or `failed` when it carries an error
    /// (`error`, or one set earlier); sets ``EventTimings/total`` to the milliseconds from
    /// ``NetworkEvent/startedAt`` to `at`, and replaces the response when one is given.
    ///
    /// The result is redacted again, then checked against the capture filter.
    ///
    /// - Returns: Whether the id was stored (see ``update(_:)``).
    @discardableResult
    public func finish(id: UUID, response: CapturedResponse? = nil, error: EventError? = nil,
                       at: Date = Date()) -> Bool {
        guard var event = buffer.event(id: id) else { return late() }
        if let response { event.response = response }
        if let error { event.error = error }
        event.state = event.error == nil ? .complete : .failed
        event.timings.total = at.timeIntervalSince(event.startedAt) * 1000
        redactor.redact(&event)
        apply(event)
        return true
    }

    /// Removes every stored event and tells subscribers ``Change/cleared``; counters keep their totals.
    public func clear() {
        clearedEvents += buffer.count
        buffer.removeAll()
        if !subscribers.isEmpty { broadcast(.cleared) }
        logger.debug("Cleared the network log.")
    }

    // MARK: - Reading

    /// The stored events matching `filter`, oldest first; with a `limit`, only the newest `limit`
    /// of them (still oldest first).
    public func snapshot(filter: EventFilter = .all, limit: Int? = nil) -> [NetworkEvent] {
        let matchesAll = filter.matchesEverything
        guard let limit else {
            return matchesAll ? Array(buffer) : buffer.filter { filter.matches($0) }
        }
        guard limit > 0 else { return [] }
        var newest: [NetworkEvent] = []
        newest.reserveCapacity(Swift.min(limit, buffer.count))
        for event in buffer.reversed() where matchesAll || filter.matches(event) {
            newest.append(event)
            if newest.count == limit { break }
        }
        return newest.reversed()
    }

    /// Runs `body` over the stored events in place, oldest first, without copying them into an
    /// array: for in-module sinks and tests that walk a large log.
    func withStoredEvents<Result>(_ body: (RingBuffer) throws -> Result) rethrows -> Result {
        try body(buffer)
    }

    /// The stored event with this id, or nil when it is not (or no longer) stored.
    public func event(id: UUID) -> NetworkEvent? {
        buffer.event(id: id)
    }

    /// Counts `count` events that a source could not hand to the logger because ingest fell
    /// behind (the proxy forwards such exchanges without logging them), so ``Stats/droppedEvents``
    /// shows live what the log is missing.
    public func countDropped(_ count: Int) {
        droppedEvents += count
    }

    /// The logger's counters right now.
    public var stats: Stats {
        Stats(
            storedEvents: buffer.count, storedBytes: buffer.totalBytes,
            evictedEvents: buffer.evictedEvents, evictedBytes: buffer.evictedBytes,
            droppedNotifications: droppedNotifications, filteredOut: filteredOut,
            clearedEvents: clearedEvents, ingested: ingested, lateUpdates: lateUpdates,
            subscribers: subscribers.count, droppedEvents: droppedEvents)
    }

    /// A stream of every change from now on, for one subscriber.
    ///
    /// Each subscriber has its own buffer of ``Configuration/subscriberBufferSize`` changes; when a
    /// slow subscriber's buffer is full the oldest queued change is dropped and counted in
    /// ``Stats/droppedNotifications``, so ingest never waits for a subscriber. The subscription
    /// ends when the consuming task is cancelled or the stream is released.
    public func changes() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Change.self, bufferingPolicy: .bufferingNewest(subscriberBufferSize))
        let subscriberID = nextSubscriberID
        nextSubscriberID += 1
        subscribers[subscriberID] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeSubscriber(subscriberID) }
        }
        return stream
    }

    // MARK: - Internals

    /// Stores a redacted replacement for a stored event, unless its final form fails the
    /// capture filter, in which case it is removed without evicting anything for it.
    private func apply(_ event: NetworkEvent) {
        if !capturesEverything, event.state.isFinal, !captureFilter.matches(event) {
            removeFilteredOut(event.id)
            return
        }
        switch buffer.update(event, evicted: { notify(.evicted($0.id)) }) {
        case .stored:
            if !subscribers.isEmpty, let stored = buffer.event(id: event.id) { broadcast(.updated(stored)) }
        case .evictedOversized:
            notify(.evicted(event.id))
            warnOversized(event)
        case .rejected:
            break  // Callers check that the id is stored first.
        }
    }

    private func removeFilteredOut(_ id: UUID) {
        guard buffer.remove(id: id) != nil else { return }
        filteredOut += 1
        notify(.removed(id))
    }

    private func late() -> Bool {
        lateUpdates += 1
        return false
    }

    private func notify(_ change: Change) {
        if !subscribers.isEmpty { broadcast(change) }
    }

    /// Hands `change` to every subscriber without waiting: a full buffer drops (and counts) its
    /// oldest change, a terminated stream is forgotten.
    private func broadcast(_ change: Change) {
        for (subscriberID, continuation) in subscribers {
            switch continuation.yield(change) {
            case .enqueued:
                break
            case .dropped:
                droppedNotifications += 1
            case .terminated:
                subscribers[subscriberID] = nil
            @unknown default:
                break
            }
        }
    }

    private func removeSubscriber(_ subscriberID: UInt64) {
        subscribers[subscriberID] = nil
    }

    private func warnOversized(_ event: NetworkEvent) {
        warnOversized(id: event.id, cost: event.storedSize)
    }

    private func warnOversized(id: UUID, cost: Int? = nil) {
        var metadata: Logger.Metadata = ["event.id": "\(id)", "max-bytes": "\(buffer.maxBytes)"]
        if let cost { metadata["event.bytes"] = "\(cost)" }
        logger.warning("Dropped an event larger than the whole log's byte budget.", metadata: metadata)
    }
}
