import Foundation
import Testing
@testable import LoupeCore

/// Many producers recording at once: nothing may be lost or counted twice.
@Suite struct NetworkLoggerConcurrencyTests {
    static let producers = 100
    static let eventsPerProducer = 10_000
    static var total: Int { producers * eventsPerProducer }

    /// Records `eventsPerProducer` small events from each of `producers` concurrent tasks.
    private func recordConcurrently(into logger: NetworkLogger) async {
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<Self.producers {
                group.addTask {
                    // Small strings stay inline, which keeps a million events cheap in a debug build.
                    let template = NetworkEvent(source: .apiClient, request: CapturedRequest(method: "GET", url: "/p"))
                    for index in 0..<Self.eventsPerProducer {
                        var event = template
                        event.id = LoggerFixtures.id(producer, index)
                        await logger.record(event)
                    }
                }
            }
        }
    }

    @Test func concurrentProducersLoseNothingWhenEverythingFits() async {
        let logger = NetworkLogger(configuration: .init(maxEvents: Self.total, maxBytes: .max))
        await recordConcurrently(into: logger)

        let stats = await logger.stats
        #expect(stats.ingested == Self.total)
        #expect(stats.storedEvents == Self.total)
        #expect(stats.evictedEvents == 0)

        let walk = await Self.walk(logger)
        #expect(walk.count == Self.total)
        #expect(walk.distinctIDs.count == Self.total, "every id is stored exactly once")
        for producer in [0, 37, Self.producers - 1] {
            for index in [0, 4_321, Self.eventsPerProducer - 1] {
                #expect(walk.distinctIDs.contains(LoggerFixtures.id(producer, index)))
            }
        }
        // Stored in ingest order, numbered 1…total without gaps.
        #expect(walk.firstSequence == 1)
        #expect(walk.lastSequence == UInt64(Self.total))
        #expect(walk.sequencesAreContiguous)
    }

    @Test func concurrentProducersAreAllAccountedForWhenEvicting() async {
        let logger = NetworkLogger(configuration: .init(maxEvents: 5_000, maxBytes: 1 << 20))
        await recordConcurrently(into: logger)

        let stats = await logger.stats
        #expect(stats.ingested == Self.total)
        #expect(stats.storedEvents + stats.evictedEvents == Self.total)
        #expect(stats.storedEvents > 0 && stats.storedEvents <= 5_000)
        #expect(stats.storedBytes <= 1 << 20)

        let walk = await Self.walk(logger)
        #expect(walk.count == stats.storedEvents)
        #expect(walk.distinctIDs.count == stats.storedEvents)
        #expect(walk.lastSequence == UInt64(Self.total), "the newest event is kept")
        #expect(walk.sequencesAreContiguous)
    }

    /// What one pass over the stored events found.
    private struct Walk {
        var count = 0
        var distinctIDs = Set<UUID>()
        var firstSequence: UInt64?
        var lastSequence: UInt64?
        var sequencesAreContiguous = true
    }

    /// Walks the stored events in place: copying a million events into a snapshot array would
    /// dominate this test in a debug build.
    private static func walk(_ logger: NetworkLogger) async -> Walk {
        await logger.withStoredEvents { buffer in
            var walk = Walk()
            walk.distinctIDs.reserveCapacity(buffer.count)
            for event in buffer {
                if let last = walk.lastSequence, event.sequence != last + 1 { walk.sequencesAreContiguous = false }
                if walk.firstSequence == nil { walk.firstSequence = event.sequence }
                walk.lastSequence = event.sequence
                walk.distinctIDs.insert(event.id)
                walk.count += 1
            }
            return walk
        }
    }
}
