import Foundation
import Testing
@testable import LoupeCore

/// The capture filter decides on an event's final form. These tests need the real filter language
/// (`status:5xx`, `method:POST`).
@Suite struct NetworkLoggerCaptureFilterTests {
    private func logger(capturing expression: String, maxEvents: Int = 10_000, maxBytes: Int = 1 << 26)
        throws -> NetworkLogger
    {
        NetworkLogger(configuration: .init(maxEvents: maxEvents, maxBytes: maxBytes,
                                           captureFilter: try EventFilter(parsing: expression)))
    }

    @Test func pendingEventIsVisibleUntilItFinishesWithoutMatching() async throws {
        let logger = try logger(capturing: "status:5xx")
        let changes = await logger.changes()
        let event = await logger.record(LoggerFixtures.pending())
        #expect(await logger.snapshot().map(\.id) == [event.id])
        #expect(await logger.finish(id: event.id, response: CapturedResponse(status: 200)))
        #expect(await logger.snapshot().isEmpty)
        let stats = await logger.stats
        #expect(stats.filteredOut == 1)
        #expect(stats.storedEvents == 0)
        #expect(stats.storedBytes == 0)
        #expect(await LoggerFixtures.next(2, of: changes) == [.added(event), .removed(event.id)])
    }

    @Test func finishedEventThatMatchesIsKept() async throws {
        let logger = try logger(capturing: "status:5xx")
        let event = await logger.record(LoggerFixtures.pending())
        await logger.finish(id: event.id, response: CapturedResponse(status: 503))
        #expect(await logger.event(id: event.id)?.response?.status == 503)
        #expect(await logger.stats.filteredOut == 0)
    }

    @Test func finalEventThatDoesNotMatchIsNeverStored() async throws {
        let logger = try logger(capturing: "status:5xx")
        let changes = await logger.changes()
        let ok = LoggerFixtures.complete(status: 200)
        let failed = LoggerFixtures.complete(status: 502)
        await logger.record(ok)
        let kept = await logger.record(failed)
        #expect(await logger.snapshot().map(\.id) == [failed.id])
        let stats = await logger.stats
        #expect(stats.ingested == 2)
        #expect(stats.filteredOut == 1)
        // The dropped event was never announced.
        #expect(await LoggerFixtures.next(1, of: changes) == [.added(kept)])
    }

    @Test func updateIntoAFinalStateAppliesTheFilter() async throws {
        let logger = try logger(capturing: "method:POST")
        let get = await logger.record(LoggerFixtures.pending("GET"))
        let post = await logger.record(LoggerFixtures.pending("POST"))
        for event in [get, post] {
            await logger.update(id: event.id) {
                $0.state = .complete
                $0.response = CapturedResponse(status: 200)
            }
        }
        #expect(await logger.snapshot().map(\.id) == [post.id])
        #expect(await logger.stats.filteredOut == 1)
        #expect(await logger.update(id: get.id) { $0.attempt = 2 } == false, "a filtered-out id is gone")
    }

    @Test func failedEventIsJudgedOnItsFinalForm() async throws {
        let logger = try logger(capturing: "has:error")
        let ok = await logger.record(LoggerFixtures.pending())
        let broken = await logger.record(LoggerFixtures.pending())
        await logger.finish(id: ok.id, response: CapturedResponse(status: 200))
        await logger.finish(id: broken.id, error: EventError(kind: .connectionRefused, message: "Refused."))
        #expect(await logger.snapshot().map(\.id) == [broken.id])
    }

    @Test func removingAFilteredEventDoesNotEvictOlderOnes() async throws {
        // Room for exactly three pending events; finishing one with a large response that the
        // filter rejects must not push out the stored ones first.
        let pendingCost = LoggerFixtures.pending().storedSize
        let logger = try logger(capturing: "status:5xx", maxBytes: pendingCost * 3)
        let first = await logger.record(LoggerFixtures.pending())
        let second = await logger.record(LoggerFixtures.pending())
        let third = await logger.record(LoggerFixtures.pending())
        let bigResponse = CapturedResponse(status: 200, body: CapturedBody(
            contentType: "text/plain", text: String(repeating: "b", count: pendingCost)))
        await logger.finish(id: third.id, response: bigResponse)
        #expect(await logger.snapshot().map(\.id) == [first.id, second.id])
        let stats = await logger.stats
        #expect(stats.evictedEvents == 0)
        #expect(stats.filteredOut == 1)
    }
}
