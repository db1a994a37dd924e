import Foundation
import LoupeClient
import LoupeConsole
import LoupeCore
import LoupeRedaction
import LoupeServer
import Testing

/// Attach mode against the real ``LogAPIServer`` on 127.0.0.1:0: the two sides speak the same
/// protocol for every change the logger makes.
@Suite struct AttachLogAPIServerTests {
    @Test func followsEveryKindOfChangeFromARealLogAPI() async throws {
        let logger = NetworkLogger(configuration: .init(
            maxEvents: 3, captureFilter: try EventFilter(parsing: "not status:5xx"),
            redactor: Redactor(ruleSet: .builtIn)))
        // Stopped gracefully at the end: cancelling a serving task can trap in SwiftNIO when a
        // connection is accepted at that moment (apple/swift-nio#3481).
        let server = try await LogAPIServer(logger: logger, configuration: .init(port: 0)).start()
        let port = server.port

        await logger.record(TestEvents.http(1))  // before attaching: arrives in the snapshot
        let recorder = ModelRecorder()
        // The address the server prints, with its random access token.
        await recorder.start(try AttachEventSource(baseURL: server.inspectorURL, configuration: AttachEventSourceTests.fastRetry))
        #expect(await eventually {
            let live = await recorder.statuses.last == .some(nil)
            let ids = await recorder.ids
            return live && ids == [TestEvents.id(1)]
        })
        #expect(await recorder.model.configuration.ruleSetID == RuleSet.builtIn.id)  // from /v1/stats

        // added, then SSE appends (sent as `updated`), redacted at ingest.
        await logger.record(TestEvents.sse(2, count: 0))
        await logger.appendSSE(id: TestEvents.id(2), SSEEvent(receivedAt: Date(), type: "delta", data: "first"))
        await logger.appendSSE(id: TestEvents.id(2), SSEEvent(receivedAt: Date(), type: "delta",
                                                              data: "Bearer abcdefghijklmnopqrstuvwxyz0123456789"))
        #expect(await eventually {
            await recorder.model.visibleEvents.first { $0.id == TestEvents.id(2) }?.sseEvents.count == 2
        })
        let streamed = await recorder.model.visibleEvents.first { $0.id == TestEvents.id(2) }
        #expect(streamed?.sseEvents.last?.data.contains("abcdefghijklmnopqrstuvwxyz0123456789") == false)

        // Two more evict the oldest, which the console only knew from its snapshot.
        await logger.record(TestEvents.http(3))
        await logger.record(TestEvents.http(4))
        #expect(await eventually { await recorder.ids == [2, 3, 4].map(TestEvents.id) })
        #expect(await recorder.model.evictedCount == 1)

        // A finished exchange the capture filter rejects is `removed`; clear() is `cleared`.
        await logger.finish(id: TestEvents.id(3), response: CapturedResponse(status: 503))
        #expect(await eventually { await recorder.ids == [2, 4].map(TestEvents.id) })
        await logger.clear()
        #expect(await eventually { await recorder.ids.isEmpty })
        await logger.record(TestEvents.http(5))
        #expect(await eventually { await recorder.ids == [TestEvents.id(5)] })
        #expect(await recorder.model.evictedCount == 1)  // removals and clears are not evictions
        await recorder.stop()
        await server.shutdown()
    }

    @Test func showsHowManyEventsTheServerCouldNotLog() async throws {
        let logger = NetworkLogger()
        let server = try await LogAPIServer(logger: logger, configuration: .init(port: 0)).start()
        var configuration = AttachEventSourceTests.fastRetry
        configuration.statsInterval = .milliseconds(50)
        let recorder = ModelRecorder()
        await recorder.start(try AttachEventSource(baseURL: "127.0.0.1:\(server.port)", accessToken: server.accessToken,
                                                   configuration: configuration))
        #expect(await eventually { await recorder.statuses.last == .some(nil) })
        await logger.countDropped(3)
        #expect(await eventually { await recorder.model.notLoggedCount == 3 })
        await logger.countDropped(2)
        #expect(await eventually { await recorder.model.notLoggedCount == 5 })
        await recorder.stop()
        await server.shutdown()
    }
}
