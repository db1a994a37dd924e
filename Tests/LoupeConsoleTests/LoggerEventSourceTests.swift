import Foundation
import LoupeConsole
import LoupeCore
import Testing

/// The in-process source used by `loupe proxy --console` and the demo.
@Suite struct LoggerEventSourceTests {
    @Test func followsTheLoggersSnapshotAndChanges() async throws {
        let logger = NetworkLogger(configuration: .init(maxEvents: 3))
        await logger.record(TestEvents.http(1))
        let recorder = ModelRecorder()
        await recorder.start(LoggerEventSource(logger: logger))
        #expect(await eventually { await recorder.ids == [TestEvents.id(1)] })

        for index in 2...4 { await logger.record(TestEvents.http(index)) }
        await logger.appendSSE(id: TestEvents.id(4), SSEEvent(data: "x"))
        let settled = await eventually { await recorder.ids == [2, 3, 4].map(TestEvents.id) }
        await recorder.stop()
        #expect(settled)
        #expect(await recorder.model.evictedCount == 1)
        #expect(await recorder.model.visibleEvent(at: 2)?.sseEvents.count == 1)
    }

    @Test func resynchronisesAfterDroppedNotifications() async throws {
        // A one-change buffer drops almost everything in a burst; the periodic check must notice.
        let logger = NetworkLogger(configuration: .init(subscriberBufferSize: 1))
        let recorder = ModelRecorder()
        await recorder.start(LoggerEventSource(logger: logger, resyncInterval: .milliseconds(20)))
        #expect(await eventually { await recorder.resets == 1 })
        for index in 1...200 { await logger.record(TestEvents.http(index)) }
        let settled = await eventually { await recorder.ids.count == 200 }
        await recorder.stop()
        #expect(settled)
    }

    @Test func reportsEventsItsSourceCouldNotLogAndTheStatusBarShowsThem() async throws {
        let logger = NetworkLogger()
        let recorder = ModelRecorder()
        await recorder.start(LoggerEventSource(logger: logger, resyncInterval: .milliseconds(20)))
        #expect(await eventually { await recorder.resets == 1 })
        #expect(await recorder.model.notLoggedCount == 0)
        await logger.countDropped(7)
        let seen = await eventually { await recorder.model.notLoggedCount == 7 }
        let model = await recorder.model
        await recorder.stop()
        #expect(seen)
        #expect(ConsoleRenderer().frame(for: model).text.contains { $0.contains("evicted 0  NOT LOGGED 7  follow") })
    }
}
