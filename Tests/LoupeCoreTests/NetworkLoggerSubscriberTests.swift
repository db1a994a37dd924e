import Foundation
import Testing
@testable import LoupeCore

/// Subscribers must never hold up ingest, whatever they do.
@Suite struct NetworkLoggerSubscriberTests {
    static let eventCount = 100_000

    @Test func stalledAndCancelledSubscribersDoNotBlockIngest() async {
        let bufferSize = 256
        let logger = NetworkLogger(configuration: .init(maxEvents: 1_000, subscriberBufferSize: bufferSize))

        // Never read.
        let stalled = await logger.changes()
        // Its consumer is cancelled before ingest starts.
        let abandoned = await logger.changes()
        let cancelledConsumer = Task {
            var received = 0
            for await _ in abandoned { received += 1 }
            return received
        }
        cancelledConsumer.cancel()
        #expect(await cancelledConsumer.value == 0)

        // Reads until it sees the last event; the newest change is never the one dropped.
        let sentinel = LoggerFixtures.pending(id: LoggerFixtures.id(1, 0))
        let fast = await logger.changes()
        let fastConsumer = Task {
            var added: [UInt64] = []
            for await change in fast {
                guard case .added(let event) = change else { continue }
                added.append(event.sequence)
                if event.id == sentinel.id { break }
            }
            return added
        }

        let template = NetworkEvent(source: .proxyForward, request: CapturedRequest(method: "GET", url: "/s"))
        for index in 0..<Self.eventCount {
            var event = template
            event.id = LoggerFixtures.id(0, index)
            await logger.record(event)
        }
        await logger.record(sentinel)

        let added = await fastConsumer.value
        #expect(added.last == UInt64(Self.eventCount + 1))
        #expect(zip(added, added.dropFirst()).allSatisfy { $0 < $1 }, "changes arrive in order")

        let stats = await logger.stats
        #expect(stats.ingested == Self.eventCount + 1)
        // Each ingest is one `.added`, plus an `.evicted` once the 1 000 events are full. The stalled
        // subscriber keeps the first `bufferSize` of them and drops every other one.
        let notifications = (Self.eventCount + 1) + (Self.eventCount + 1 - 1_000)
        #expect(stats.droppedNotifications >= notifications - bufferSize)
        #expect(stats.subscribers <= 2, "the cancelled subscriber is gone")
        withExtendedLifetime(stalled) {}
    }

    @Test func releasedSubscriptionIsRemoved() async {
        let logger = NetworkLogger()
        do {
            let stream = await logger.changes()
            #expect(await logger.stats.subscribers == 1)
            withExtendedLifetime(stream) {}
        }
        // The stream is gone; the next notification finds its continuation terminated.
        await logger.record(LoggerFixtures.pending())
        await logger.record(LoggerFixtures.pending())
        #expect(await logger.stats.subscribers == 0)
        #expect(await logger.stats.droppedNotifications == 0)
    }

    @Test func loggerWithoutSubscribersCountsNoDrops() async {
        let logger = NetworkLogger(configuration: .init(maxEvents: 10))
        for _ in 0..<100 { await logger.record(LoggerFixtures.pending()) }
        #expect(await logger.stats.droppedNotifications == 0)
    }
}
