import DequeModule
import Foundation

/// A bounded store of ``NetworkEvent``s in ingest order, capped by both an event count and a total
/// byte cost (each event costs its ``NetworkEvent/storedSize``).
///
/// Appending evicts the oldest events until both bounds hold again; updating an event re-costs it
/// and, when it grew, evicts older events — never the updated event itself, unless it alone costs
/// more than ``maxBytes``. Such an *oversized* event is not kept: it is counted as evicted (in its
/// new form) and the operation reports ``Outcome/evictedOversized``, so ``totalBytes`` never exceeds
/// ``maxBytes`` and memory stays bounded even for an endless event stream.
///
/// Append, eviction, removal and lookup by id are O(1) amortised. Iterating the buffer yields the
/// stored events oldest first.
///
/// ```swift
/// var buffer = RingBuffer(maxEvents: 1_000, maxBytes: 1 << 20)
/// buffer.append(event) { evicted in print("evicted", evicted.id) }
/// ```
public struct RingBuffer: Sendable {
    /// What happened to the event handed to ``append(_:evicted:)`` or ``update(_:evicted:)``.
    public enum Outcome: Sendable, Hashable {
        /// The event is stored.
        case stored
        /// The event alone costs more than ``RingBuffer/maxBytes``; it was counted as evicted and
        /// is not stored (an update also dropped the previously stored version).
        case evictedOversized
        /// ``RingBuffer/append(_:evicted:)``: an event with this id is already stored, nothing
        /// changed. ``RingBuffer/update(_:evicted:)``: no event with this id is stored.
        case rejected
    }

    /// One stored event and the cost it was charged, so eviction never recomputes a size.
    ///
    /// A class so the deque holds 8-byte references: an inline `NetworkEvent` is about 440 bytes,
    /// and the deque's spare capacity (up to half again) and its copy while growing would then cost
    /// tens of megabytes beyond the byte budget.
    ///
    /// `@unchecked Sendable` because the event is mutable: the buffer only mutates an entry after
    /// `isKnownUniquelyReferenced` proved that no other copy of the buffer (on any thread) shares
    /// it, the same copy-on-write discipline `Array` uses, so a shared entry is only ever read.
    final class Entry: @unchecked Sendable {
        var event: NetworkEvent
        var cost: Int

        init(event: NetworkEvent, cost: Int) {
            self.event = event
            self.cost = cost
        }
    }

    /// The most events kept at once (at least 1).
    public let maxEvents: Int
    /// The most bytes (summed ``NetworkEvent/storedSize``) kept at once.
    public let maxBytes: Int

    /// The stored cost of all events currently held.
    public private(set) var totalBytes = 0
    /// How many events were evicted to respect the bounds, over the buffer's lifetime.
    public private(set) var evictedEvents = 0
    /// The summed cost of the evicted events, over the buffer's lifetime.
    public private(set) var evictedBytes = 0
    /// How many events are stored.
    public private(set) var count = 0

    /// Stored entries in ingest order. A removed event in the middle leaves a `nil` tombstone so
    /// the slots of the others do not move; leading and trailing tombstones are always popped.
    private var entries: Deque<Entry?> = []
    /// The slot number of `entries[0]`; slots grow by one per append and never move otherwise
    /// (except at compaction), so an id's index is `slot - firstSlot`.
    private var firstSlot: UInt64 = 0
    private var slots: [UUID: UInt64] = [:]
    private var tombstones = 0

    /// A buffer holding at most `maxEvents` events (clamped to at least 1) whose costs sum to at
    /// most `maxBytes` (clamped to at least 0).
    public init(maxEvents: Int, maxBytes: Int) {
        self.maxEvents = Swift.max(1, maxEvents)
        self.maxBytes = Swift.max(0, maxBytes)
    }

    /// Whether no event is stored.
    public var isEmpty: Bool { count == 0 }

    /// The stored event with this id, or nil when it was never appended, evicted or removed.
    public func event(id: UUID) -> NetworkEvent? {
        guard let index = index(of: id) else { return nil }
        return entries[index]?.event
    }

    /// Whether an event with this id is stored.
    public func contains(id: UUID) -> Bool { slots[id] != nil }

    /// The cost the stored event with this id is charged, or nil when it is not stored.
    public func cost(id: UUID) -> Int? {
        guard let index = index(of: id) else { return nil }
        return entries[index]?.cost
    }

    /// Appends `event` as the newest, evicting the oldest events until both bounds hold.
    ///
    /// - Parameter evicted: called with every previously stored event that was evicted, oldest
    ///   first (a closure rather than a returned array, so the hot path allocates nothing).
    /// - Returns: ``Outcome/stored``; ``Outcome/evictedOversized`` when the event alone exceeds
    ///   ``maxBytes`` (older events are then left alone); ``Outcome/rejected`` when its id is
    ///   already stored.
    @discardableResult
    public mutating func append(_ event: NetworkEvent, evicted: (NetworkEvent) -> Void = { _ in }) -> Outcome {
        let cost = event.storedSize
        guard cost <= maxBytes else {
            guard slots[event.id] == nil else { return .rejected }
            evictedEvents += 1
            evictedBytes += cost
            return .evictedOversized
        }
        let slot = firstSlot &+ UInt64(entries.count)
        // One hash operation on the common path; a duplicate id is put back as it was.
        if let existing = slots.updateValue(slot, forKey: event.id) {
            slots[event.id] = existing
            return .rejected
        }
        while count >= maxEvents || totalBytes + cost > maxBytes, let oldest = popOldest() {
            evicted(oldest.event)
        }
        entries.append(Entry(event: event, cost: cost))
        count += 1
        totalBytes += cost
        return .stored
    }

    /// Replaces the stored event with `event`'s id, keeping its position and its ``NetworkEvent/sequence``
    /// (whatever `event` carries), re-costing it and evicting older events if it grew.
    ///
    /// - Parameter evicted: called with every *other* event evicted to make room, oldest first.
    /// - Returns: ``Outcome/stored``; ``Outcome/evictedOversized`` when the new version alone exceeds
    ///   ``maxBytes`` (it is dropped and counted as evicted; nothing else is evicted);
    ///   ``Outcome/rejected`` when no event with this id is stored.
    @discardableResult
    public mutating func update(_ event: NetworkEvent, evicted: (NetworkEvent) -> Void = { _ in }) -> Outcome {
        guard let index = index(of: event.id), let stored = entries[index] else { return .rejected }
        var replacement = event
        replacement.sequence = stored.event.sequence
        let cost = replacement.storedSize
        return store(Entry(event: replacement, cost: cost), at: index, oldCost: stored.cost, evicted: evicted)
    }

    /// Changes the stored event with this id in place; `body` returns exactly how much its
    /// ``NetworkEvent/storedSize`` changed, which keeps appending to a long event stream O(1).
    ///
    /// Internal because a wrong delta would corrupt the byte accounting; debug builds check it.
    /// Changes to the event's `id` and `sequence` are undone.
    mutating func update(
        id: UUID, evicted: (NetworkEvent) -> Void = { _ in }, costDelta body: (inout NetworkEvent) -> Int
    ) -> Outcome {
        guard let index = index(of: id), var entry = entries[index] else { return .rejected }
        // Take the entry out so that, when no copy of the buffer shares it, `body` mutates the only
        // reference to the event's storage: an appended SSE event must not copy `sseEvents`.
        entries[index] = nil
        if !isKnownUniquelyReferenced(&entry) {
            entry = Entry(event: entry.event, cost: entry.cost)
        }
        let oldCost = entry.cost
        let sequence = entry.event.sequence
        entry.cost += body(&entry.event)
        entry.event.id = id
        entry.event.sequence = sequence
        assert(entry.cost == entry.event.storedSize, "costDelta disagrees with storedSize")
        return store(entry, at: index, oldCost: oldCost, evicted: evicted)
    }

    /// Removes the stored event with this id without counting it as evicted.
    @discardableResult
    public mutating func remove(id: UUID) -> NetworkEvent? {
        guard let index = index(of: id), let entry = entries[index] else { return nil }
        removeEntry(at: index)
        return entry.event
    }

    /// Removes every stored event; the eviction counters keep their totals.
    public mutating func removeAll() {
        firstSlot &+= UInt64(entries.count)
        entries.removeAll()
        slots.removeAll()
        tombstones = 0
        count = 0
        totalBytes = 0
    }

    // MARK: - Internals

    private func index(of id: UUID) -> Int? {
        guard let slot = slots[id] else { return nil }
        return Int(truncatingIfNeeded: slot &- firstSlot)
    }

    /// Puts a re-costed entry back at `index` (which currently holds the old version or a
    /// placeholder `nil`) and evicts older events, never this one, until both bounds hold.
    private mutating func store(
        _ entry: Entry, at index: Int, oldCost: Int, evicted: (NetworkEvent) -> Void
    ) -> Outcome {
        let id = entry.event.id
        entries[index] = entry
        totalBytes += entry.cost - oldCost
        guard entry.cost <= maxBytes else {
            // The event alone cannot fit: drop it rather than flushing everything else for it.
            removeEntry(at: index)
            evictedEvents += 1
            evictedBytes += entry.cost
            return .evictedOversized
        }
        guard totalBytes > maxBytes else { return .stored }

        // Evict from the front. When the updated event itself reaches the front it is set aside
        // and put back in front afterwards under a fresh slot: it stays the oldest, and every
        // eviction remains an O(1) pop instead of a scan past it.
        var setAside: Entry?
        while totalBytes > maxBytes, let oldest = entries.first, let oldestEntry = oldest {
            entries.removeFirst()
            firstSlot &+= 1
            if oldestEntry.event.id == id {
                setAside = oldestEntry
                popLeadingTombstones()
            } else {
                slots[oldestEntry.event.id] = nil
                count -= 1
                totalBytes -= oldestEntry.cost
                evictedEvents += 1
                evictedBytes += oldestEntry.cost
                popLeadingTombstones()
                evicted(oldestEntry.event)
            }
        }
        if let setAside {
            entries.prepend(setAside)
            firstSlot &-= 1
            slots[id] = firstSlot
        }
        return .stored
    }

    /// Evicts the oldest stored event and counts it.
    private mutating func popOldest() -> Entry? {
        guard let first = entries.popFirst(), let entry = first else { return nil }
        firstSlot &+= 1
        slots[entry.event.id] = nil
        count -= 1
        totalBytes -= entry.cost
        evictedEvents += 1
        evictedBytes += entry.cost
        popLeadingTombstones()
        return entry
    }

    /// Removes the live entry at `index` (not counted as evicted), leaving a tombstone when it
    /// sits between other events.
    private mutating func removeEntry(at index: Int) {
        guard let entry = entries[index] else { return }
        slots[entry.event.id] = nil
        count -= 1
        totalBytes -= entry.cost
        if index == 0 {
            entries.removeFirst()
            firstSlot &+= 1
            popLeadingTombstones()
        } else if index == entries.count - 1 {
            entries.removeLast()
            while let last = entries.last, last == nil {
                entries.removeLast()
                tombstones -= 1
            }
        } else {
            entries[index] = nil
            tombstones += 1
            compactIfSparse()
        }
    }

    private mutating func popLeadingTombstones() {
        while let first = entries.first, first == nil {
            entries.removeFirst()
            firstSlot &+= 1
            tombstones -= 1
        }
    }

    /// Drops the tombstones once they outnumber the events. Each compaction costs O(stored +
    /// tombstones) and follows at least that many removals, so removal stays O(1) amortised and
    /// the deque never grows past about twice the stored count.
    private mutating func compactIfSparse() {
        guard tombstones > 64, tombstones > count else { return }
        var compacted = Deque<Entry?>(minimumCapacity: count)
        for case let entry? in entries {
            slots[entry.event.id] = firstSlot &+ UInt64(compacted.count)
            compacted.append(entry)
        }
        entries = compacted
        tombstones = 0
    }
}

extension RingBuffer: BidirectionalCollection {
    /// A position among the stored events; only valid until the buffer is next changed.
    public typealias Index = Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public func index(after i: Int) -> Int {
        var next = i + 1
        while next < entries.count, entries[next] == nil { next += 1 }
        return next
    }

    public func index(before i: Int) -> Int {
        var previous = i - 1
        while previous > 0, entries[previous] == nil { previous -= 1 }
        return previous
    }

    /// The stored event at `position`.
    public subscript(position: Int) -> NetworkEvent {
        guard let entry = entries[position] else {
            preconditionFailure("RingBuffer index \(position) does not point at a stored event.")
        }
        return entry.event
    }
}
