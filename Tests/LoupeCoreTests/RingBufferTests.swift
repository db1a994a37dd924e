import Foundation
import Testing
@testable import LoupeCore

/// An event whose ``NetworkEvent/storedSize`` is exactly `cost` (at least an empty event's cost, 560; tests use multiples of the old 1024-byte scale ×4).
private func sizedEvent(cost: Int, sequence: UInt64 = 0, id: UUID = UUID()) -> NetworkEvent {
    var event = NetworkEvent(id: id, sequence: sequence, source: .apiClient,
                             request: CapturedRequest(method: "", url: "", httpVersion: ""))
    let base = event.storedSize
    event.request.url = String(repeating: "u", count: urlLength(adding: cost - base))
    return event
}

@Suite struct RingBufferTests {
    @Test func fixtureEventsHaveTheRequestedCost() {
        #expect(sizedEvent(cost: 1024).storedSize == 1024)
        #expect(sizedEvent(cost: 4_000).storedSize == 4_000)
    }

    @Test func countBoundEvictsOldestWithExactCounters() {
        var buffer = RingBuffer(maxEvents: 3, maxBytes: 1_000_000)
        let events = (1...5).map { sizedEvent(cost: 1200 + $0, sequence: UInt64($0)) }
        var evicted: [UUID] = []
        for event in events {
            #expect(buffer.append(event) { evicted.append($0.id) } == .stored)
        }
        #expect(buffer.count == 3)
        #expect(evicted == [events[0].id, events[1].id])
        #expect(buffer.evictedEvents == 2)
        #expect(buffer.evictedBytes == 1201 + 1202)
        #expect(buffer.totalBytes == 1203 + 1204 + 1205)
        #expect(buffer.map(\.id) == events[2...].map(\.id))
        #expect(buffer.event(id: events[0].id) == nil)
        #expect(buffer.event(id: events[3].id) == events[3])
    }

    @Test func byteBoundEvictsOldestUntilTheNewEventFits() {
        var buffer = RingBuffer(maxEvents: 100, maxBytes: 4_000)
        let a = sizedEvent(cost: 1200), b = sizedEvent(cost: 1200), c = sizedEvent(cost: 1200)
        let d = sizedEvent(cost: 2000)
        for event in [a, b, c] { buffer.append(event) }
        #expect(buffer.totalBytes == 3600)
        var evicted: [UUID] = []
        buffer.append(d) { evicted.append($0.id) }
        // 3600 + 2000 > 1 000: dropping `a` leaves 1 100, dropping `b` leaves 3200.
        #expect(evicted == [a.id, b.id])
        #expect(buffer.evictedEvents == 2)
        #expect(buffer.evictedBytes == 2400)
        #expect(buffer.totalBytes == 3200)
        #expect(buffer.map(\.id) == [c.id, d.id])
    }

    @Test func eventLargerThanTheBudgetIsEvictedAloneOnAppend() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 4_000)
        let small = sizedEvent(cost: 1600)
        buffer.append(small)
        var evicted: [UUID] = []
        let outcome = buffer.append(sizedEvent(cost: 4_001)) { evicted.append($0.id) }
        #expect(outcome == .evictedOversized)
        #expect(evicted.isEmpty)
        #expect(buffer.map(\.id) == [small.id])
        #expect(buffer.totalBytes == 1600)
        #expect(buffer.evictedEvents == 1)
        #expect(buffer.evictedBytes == 4_001)
    }

    @Test func updateGrowingPastTheBudgetEvictsOlderEventsButNotItself() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 4_000)
        let a = sizedEvent(cost: 1200, sequence: 1), b = sizedEvent(cost: 1200, sequence: 2)
        let c = sizedEvent(cost: 1200, sequence: 3)
        for event in [a, b, c] { buffer.append(event) }
        var evicted: [UUID] = []
        let grownB = sizedEvent(cost: 2400, sequence: 99, id: b.id)
        #expect(buffer.update(grownB) { evicted.append($0.id) } == .stored)
        #expect(evicted == [a.id])
        #expect(buffer.totalBytes == 3600)
        #expect(buffer.event(id: b.id)?.sequence == 2, "the stored sequence is kept")
        #expect(buffer.cost(id: b.id) == 2400)
    }

    @Test func updatedOldestEventStaysOldestWhileNewerOnesAreEvicted() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 4_000)
        let events = (1...3).map { sizedEvent(cost: 1200, sequence: UInt64($0)) }
        for event in events { buffer.append(event) }
        var evicted: [UUID] = []
        buffer.update(sizedEvent(cost: 2800, id: events[0].id)) { evicted.append($0.id) }
        // The grown oldest event is protected, so the next oldest ones go instead.
        #expect(evicted == [events[1].id])
        #expect(buffer.map(\.id) == [events[0].id, events[2].id])
        #expect(buffer.event(id: events[0].id)?.storedSize == 2800)
        #expect(buffer.event(id: events[2].id) == events[2])
        #expect(buffer.totalBytes == 4_000)
        // Lookups and order still work after the set-aside event was put back in front.
        buffer.append(sizedEvent(cost: 1024, sequence: 4))
        #expect(buffer.count == 2)
        #expect(buffer.first?.id == events[2].id)
    }

    @Test func updateThatAloneExceedsTheBudgetDropsOnlyThatEvent() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 4_000)
        let a = sizedEvent(cost: 1200), b = sizedEvent(cost: 1200), c = sizedEvent(cost: 1200)
        for event in [a, b, c] { buffer.append(event) }
        var evicted: [UUID] = []
        #expect(buffer.update(sizedEvent(cost: 4_800, id: b.id)) { evicted.append($0.id) } == .evictedOversized)
        #expect(evicted.isEmpty)
        #expect(buffer.map(\.id) == [a.id, c.id])
        #expect(buffer.totalBytes == 2400)
        #expect(buffer.evictedEvents == 1)
        #expect(buffer.evictedBytes == 4_800)
        #expect(buffer.update(sizedEvent(cost: 1200, id: b.id)) == .rejected)
    }

    @Test func duplicateIDsAndUnknownIDsAreRejected() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 10_000)
        let event = sizedEvent(cost: 1200)
        #expect(buffer.append(event) == .stored)
        #expect(buffer.append(sizedEvent(cost: 1600, id: event.id)) == .rejected)
        #expect(buffer.cost(id: event.id) == 1200)
        #expect(buffer.count == 1)
        #expect(buffer.update(sizedEvent(cost: 1200)) == .rejected)
        #expect(buffer.remove(id: UUID()) == nil)
    }

    @Test func removingFromTheMiddleKeepsLookupsAndOrder() {
        var buffer = RingBuffer(maxEvents: 1_000, maxBytes: 1_000_000)
        let events = (0..<500).map { sizedEvent(cost: 1024 + $0 % 7, sequence: UInt64($0)) }
        for event in events { buffer.append(event) }
        // Remove every event but each tenth, enough to trigger compaction several times.
        for (offset, event) in events.enumerated() where offset % 10 != 0 {
            #expect(buffer.remove(id: event.id) == event)
        }
        let kept = events.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        #expect(buffer.map(\.id) == kept.map(\.id))
        #expect(buffer.reversed().map(\.id) == kept.reversed().map(\.id))
        #expect(buffer.count == kept.count)
        #expect(buffer.totalBytes == kept.reduce(0) { $0 + $1.storedSize })
        #expect(buffer.evictedEvents == 0, "removal is not eviction")
        for event in kept { #expect(buffer.event(id: event.id) == event) }
        for event in events.prefix(9).dropFirst() { #expect(buffer.event(id: event.id) == nil) }
    }

    @Test func incrementalUpdateAppendsWithoutRecosting() {
        var buffer = RingBuffer(maxEvents: 10, maxBytes: 100_000)
        let event = sizedEvent(cost: 1200)
        buffer.append(event)
        for index in 0..<100 {
            let sse = SSEEvent(data: "chunk \(index)")
            let outcome = buffer.update(id: event.id) { stored in
                stored.sseEvents.append(sse)
                return sse.storedSize
            }
            #expect(outcome == .stored)
        }
        let stored = try! #require(buffer.event(id: event.id))
        #expect(stored.sseEvents.count == 100)
        #expect(buffer.totalBytes == stored.storedSize)
    }

    @Test func removeAllKeepsEvictionTotals() {
        var buffer = RingBuffer(maxEvents: 2, maxBytes: 10_000)
        let events = (0..<3).map { _ in sizedEvent(cost: 1200) }
        for event in events { buffer.append(event) }
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.totalBytes == 0)
        #expect(buffer.evictedEvents == 1)
        #expect(buffer.event(id: events[2].id) == nil)
        let next = sizedEvent(cost: 1200)
        buffer.append(next)
        #expect(buffer.event(id: next.id) == next)
    }

    @Test func boundsAreClamped() {
        let buffer = RingBuffer(maxEvents: 0, maxBytes: -5)
        #expect(buffer.maxEvents == 1)
        #expect(buffer.maxBytes == 0)
    }
}
