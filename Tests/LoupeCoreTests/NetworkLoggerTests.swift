import Foundation
import Testing
@testable import LoupeCore

/// Events and helpers shared by the `NetworkLogger*Tests` suites.
enum LoggerFixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func pending(_ method: String = "GET", url: String = "https://api.example.com/items",
                        id: UUID = UUID()) -> NetworkEvent {
        NetworkEvent(id: id, source: .apiClient, startedAt: start,
                     request: CapturedRequest(method: method, url: url))
    }

    static func complete(_ method: String = "GET", status: Int = 200, id: UUID = UUID()) -> NetworkEvent {
        var event = pending(method, id: id)
        event.state = .complete
        event.response = CapturedResponse(status: status)
        return event
    }

    /// A cheap, unique id: Foundation's `UUID()` reads `/dev/urandom` on every call on Linux.
    static func id(_ high: Int, _ low: Int) -> UUID {
        let h = UInt64(truncatingIfNeeded: high), l = UInt64(truncatingIfNeeded: low)
        return UUID(uuid: (UInt8(truncatingIfNeeded: h >> 24), UInt8(truncatingIfNeeded: h >> 16),
                           UInt8(truncatingIfNeeded: h >> 8), UInt8(truncatingIfNeeded: h), 0, 0, 0x40, 0,
                           0x80, 0, 0, UInt8(truncatingIfNeeded: l >> 24), UInt8(truncatingIfNeeded: l >> 16),
                           UInt8(truncatingIfNeeded: l >> 8), UInt8(truncatingIfNeeded: l), 0))
    }

    /// The next `count` changes of `stream`; the caller has already caused them.
    static func next(_ count: Int, of stream: AsyncStream<NetworkLogger.Change>) async -> [NetworkLogger.Change] {
        var iterator = stream.makeAsyncIterator()
        var changes: [NetworkLogger.Change] = []
        while changes.count < count, let change = await iterator.next() { changes.append(change) }
        return changes
    }
}

@Suite struct NetworkLoggerTests {
    @Test func recordAssignsIncreasingSequenceNumbersFromOne() async {
        let logger = NetworkLogger()
        var sequences: [UInt64] = []
        for _ in 0..<5 { sequences.append(await logger.record(LoggerFixtures.pending()).sequence) }
        #expect(sequences == [1, 2, 3, 4, 5])
        #expect(await logger.snapshot().map(\.sequence) == [1, 2, 3, 4, 5])
    }

    @Test func recordedEventIsFoundByID() async {
        let logger = NetworkLogger()
        let event = LoggerFixtures.pending("POST")
        let stored = await logger.record(event)
        #expect(await logger.event(id: event.id) == stored)
        #expect(stored.request.method == "POST")
        #expect(await logger.event(id: UUID()) == nil)
    }

    @Test func updateReplacesTheEventButKeepsItsSequence() async {
        let logger = NetworkLogger()
        let first = await logger.record(LoggerFixtures.pending())
        await logger.record(LoggerFixtures.pending())
        var replacement = LoggerFixtures.pending("DELETE", id: first.id)
        replacement.sequence = 77
        #expect(await logger.update(replacement))
        let stored = await logger.event(id: first.id)
        #expect(stored?.request.method == "DELETE")
        #expect(stored?.sequence == 1)
        #expect(await logger.snapshot().map(\.id).first == first.id, "an update keeps the position")
    }

    @Test func updateWithAClosureChangesTheStoredEventButNotItsIdentity() async {
        let logger = NetworkLogger()
        let event = await logger.record(LoggerFixtures.pending())
        let changed = await logger.update(id: event.id) { stored in
            stored.timings.ttfb = 42
            stored.id = UUID()
            stored.sequence = 999
        }
        #expect(changed)
        let stored = await logger.event(id: event.id)
        #expect(stored?.timings.ttfb == 42)
        #expect(stored?.sequence == event.sequence)
    }

    @Test func appendSSEMakesThePendingEventStreamingAndKeepsBytesExact() async {
        let logger = NetworkLogger()
        let event = await logger.record(LoggerFixtures.pending())
        for index in 0..<50 {
            #expect(await logger.appendSSE(id: event.id, SSEEvent(type: "delta", data: "chunk \(index)")))
        }
        let stored = await logger.event(id: event.id)
        #expect(stored?.state == .streaming)
        #expect(stored?.sseEvents.map(\.data).last == "chunk 49")
        #expect(stored?.sseEvents.count == 50)
        #expect(await logger.stats.storedBytes == stored?.storedSize)
    }

    @Test func finishCompletesTheEventWithItsTotalAndResponse() async {
        let logger = NetworkLogger()
        let event = await logger.record(LoggerFixtures.pending())
        let response = CapturedResponse(status: 201, reason: "Created")
        #expect(await logger.finish(id: event.id, response: response,
                                    at: LoggerFixtures.start.addingTimeInterval(0.25)))
        let stored = await logger.event(id: event.id)
        #expect(stored?.state == .complete)
        #expect(stored?.response == response)
        #expect(stored?.timings.total == 250)
        #expect(await logger.stats.storedBytes == stored?.storedSize)
    }

    @Test func finishWithAnErrorMarksTheEventFailed() async {
        let logger = NetworkLogger()
        let event = await logger.record(LoggerFixtures.pending())
        let error = EventError(kind: .timeout, message: "The server did not answer within 30 s.")
        await logger.finish(id: event.id, error: error, at: LoggerFixtures.start.addingTimeInterval(30))
        let stored = await logger.event(id: event.id)
        #expect(stored?.state == .failed)
        #expect(stored?.error == error)
        #expect(stored?.response == nil)
        #expect(stored?.timings.total == 30_000)
    }

    @Test func changesToUnknownOrEvictedIDsAreCountedAsLate() async {
        let logger = NetworkLogger(configuration: .init(maxEvents: 2))
        let evicted = await logger.record(LoggerFixtures.pending())
        await logger.record(LoggerFixtures.pending())
        await logger.record(LoggerFixtures.pending())
        #expect(await logger.event(id: evicted.id) == nil)
        #expect(await logger.update(evicted) == false)
        #expect(await logger.update(id: evicted.id) { $0.attempt = 2 } == false)
        #expect(await logger.appendSSE(id: evicted.id, SSEEvent(data: "late")) == false)
        #expect(await logger.finish(id: evicted.id) == false)
        #expect(await logger.finish(id: UUID()) == false)
        let stats = await logger.stats
        #expect(stats.lateUpdates == 5)
        #expect(stats.evictedEvents == 1)
        #expect(stats.storedEvents == 2)
    }

    @Test func snapshotIsOldestFirstAndALimitKeepsTheNewest() async {
        let logger = NetworkLogger()
        var ids: [UUID] = []
        for _ in 0..<10 { ids.append(await logger.record(LoggerFixtures.pending()).id) }
        #expect(await logger.snapshot().map(\.id) == ids)
        #expect(await logger.snapshot(limit: 3).map(\.id) == Array(ids.suffix(3)))
        #expect(await logger.snapshot(limit: 50).map(\.id) == ids)
        #expect(await logger.snapshot(limit: 0).isEmpty)
    }

    @Test func snapshotFilterSelectsMatchingEventsAndLimitAppliesAfterFiltering() async throws {
        let logger = NetworkLogger()
        var posts: [UUID] = []
        for index in 0..<10 {
            let event = LoggerFixtures.pending(index.isMultiple(of: 3) ? "POST" : "GET")
            await logger.record(event)
            if index.isMultiple(of: 3) { posts.append(event.id) }
        }
        let filter = try EventFilter(parsing: "method:POST")
        #expect(await logger.snapshot(filter: filter).map(\.id) == posts)
        #expect(await logger.snapshot(filter: filter, limit: 2).map(\.id) == Array(posts.suffix(2)))
    }

    @Test func recordingAStoredIDUpdatesThatEvent() async {
        let logger = NetworkLogger()
        let first = await logger.record(LoggerFixtures.pending())
        await logger.record(LoggerFixtures.pending())
        let again = await logger.record(LoggerFixtures.pending("PUT", id: first.id))
        #expect(again.sequence == first.sequence)
        #expect(await logger.event(id: first.id)?.request.method == "PUT")
        let stats = await logger.stats
        #expect(stats.ingested == 2)
        #expect(stats.storedEvents == 2)
    }

    @Test func clearRemovesEveryEventAndSequencesContinue() async {
        let logger = NetworkLogger()
        let changes = await logger.changes()
        for _ in 0..<3 { await logger.record(LoggerFixtures.pending()) }
        await logger.clear()
        #expect(await logger.snapshot().isEmpty)
        let next = await logger.record(LoggerFixtures.pending())
        #expect(next.sequence == 4)
        let stats = await logger.stats
        #expect(stats.clearedEvents == 3)
        #expect(stats.storedEvents == 1)
        #expect(stats.storedBytes == next.storedSize)
        let seen = await LoggerFixtures.next(5, of: changes)
        #expect(seen.count == 5)
        #expect(seen.dropLast().last == .cleared)
        #expect(seen.last == .added(next))
    }

    @Test func statsAccountForEveryRecordedEvent() async throws {
        let logger = NetworkLogger(configuration: .init(
            maxEvents: 4, captureFilter: try EventFilter(parsing: "status:5xx")))
        for index in 0..<20 {
            let event = index.isMultiple(of: 2) ? LoggerFixtures.complete(status: 503)
                                                : LoggerFixtures.complete(status: 200)
            await logger.record(event)
            if index == 10 { await logger.clear() }
        }
        let stats = await logger.stats
        #expect(stats.ingested == 20)
        #expect(stats.filteredOut == 10)
        #expect(stats.storedEvents == 4)
        #expect(stats.ingested == stats.storedEvents + stats.evictedEvents + stats.filteredOut + stats.clearedEvents)
    }

    @Test func eventLargerThanTheBudgetIsDroppedAndCountedAsEvicted() async {
        let logger = NetworkLogger(configuration: .init(maxBytes: 2_000))
        let small = await logger.record(LoggerFixtures.pending())
        var huge = LoggerFixtures.pending()
        huge.request.url = String(repeating: "x", count: 5_000)
        await logger.record(huge)
        #expect(await logger.event(id: huge.id) == nil)
        #expect(await logger.snapshot().map(\.id) == [small.id])
        let stats = await logger.stats
        #expect(stats.evictedEvents == 1)
        #expect(stats.evictedBytes == huge.storedSize)
        #expect(stats.ingested == 2)
    }

    @Test func streamGrowingPastTheBudgetIsEvictedAndLaterAppendsAreLate() async {
        let logger = NetworkLogger(configuration: .init(maxBytes: 2_000))
        let stream = await logger.record(LoggerFixtures.pending())
        let changes = await logger.changes()
        var accepted = 0
        while await logger.appendSSE(id: stream.id, SSEEvent(data: String(repeating: "d", count: 100))) {
            accepted += 1
        }
        // The append that made it too big was applied, then the event was evicted.
        #expect(accepted > 5 && accepted < 20)
        #expect(await logger.event(id: stream.id) == nil)
        let stats = await logger.stats
        #expect(stats.storedEvents == 0)
        #expect(stats.storedBytes == 0)
        #expect(stats.evictedEvents == 1)
        #expect(stats.lateUpdates == 1)
        // One `sseAppended` per append that fitted, then the eviction.
        let seen = await LoggerFixtures.next(accepted, of: changes)
        #expect(seen.last == .evicted(stream.id))
        #expect(seen.dropLast().allSatisfy { if case .sseAppended = $0 { true } else { false } })
    }

    @Test func subscribersSeeEveryKindOfChangeInOrder() async {
        let logger = NetworkLogger(configuration: .init(maxEvents: 2))
        let changes = await logger.changes()
        let first = await logger.record(LoggerFixtures.pending())
        let second = await logger.record(LoggerFixtures.pending())
        await logger.appendSSE(id: second.id, SSEEvent(data: "hello"))
        await logger.update(id: second.id) { $0.attempt = 2 }
        await logger.finish(id: second.id, response: CapturedResponse(status: 200))
        let third = await logger.record(LoggerFixtures.pending())

        let seen = await LoggerFixtures.next(7, of: changes)
        let storedSecond = await logger.event(id: second.id)
        #expect(seen.count == 7)
        #expect(seen[0] == .added(first))
        #expect(seen[1] == .added(second))
        guard case .sseAppended(second.id, let sse, let hits) = seen[2] else {
            Issue.record("expected sseAppended, got \(seen[2])")
            return
        }
        #expect(sse.data == "hello")
        guard case .updated(let updated) = seen[3] else {
            Issue.record("expected updated, got \(seen[3])")
            return
        }
        #expect(updated.attempt == 2 && updated.state == .streaming)
        // A subscriber that applies `sseAppended` to its copy stays identical to the stored event.
        var mirror = second
        mirror.appendSSE(sse, redactionHits: hits)
        mirror.attempt = 2
        #expect(mirror == updated)
        #expect(seen[4] == .updated(storedSecond ?? second))
        #expect(seen[5] == .evicted(first.id))
        #expect(seen[6] == .added(third))
    }
}
