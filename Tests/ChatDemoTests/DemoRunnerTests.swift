import ChatDemo
import Foundation
import Logging
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

@Suite struct DemoRunnerTests {
    /// One scripted pass through a fresh demo, its events oldest first.
    private static func runOnePass() async throws -> (DemoRunner, [NetworkEvent]) {
        let quiet = Logger(label: "demo-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let runner = DemoRunner(logger: quiet)
        _ = try await runner.withServers { environment in
            try await DemoSession(environment: environment, networkLogger: runner.networkLogger, logger: quiet).run()
        }
        let events = await runner.networkLogger.snapshot().sorted { $0.sequence < $1.sequence }
        return (runner, events)
    }

    private static func path(_ event: NetworkEvent) -> String {
        URL(string: event.request.url)?.path ?? ""
    }

    @Test func onePassLogsBothPathsEveryFaultAndAnExportThatScansClean() async throws {
        let (runner, events) = try await Self.runOnePass()

        let sources = Set(events.map(\.source))
        #expect(sources.isSuperset(of: [.apiClient, .sseClient, .proxyReverse]), "both paths share one log: \(sources)")
        #expect(events.allSatisfy { $0.state.isFinal }, "every exchange finished before the servers stopped")

        let client = events.filter { $0.source == .apiClient }
        // A 401 on /rpc/me, then the refresh, then /rpc/me again, answered.
        let unauthorized = try #require(client.firstIndex { $0.response?.status == 401 && Self.path($0) == "/rpc/me" })
        let afterUnauthorized = client[(unauthorized + 1)...]
        let refresh = try #require(afterUnauthorized.firstIndex { Self.path($0) == "/rpc/refresh_tokens" })
        #expect(client[refresh].response?.status == 200)
        #expect(client[(refresh + 1)...].contains { Self.path($0) == "/rpc/me" && $0.response?.status == 200 })

        // A 429 carrying Retry-After, then the same request answered.
        let limited = try #require(client.first { $0.response?.status == 429 })
        #expect(limited.response?.headers.contains { $0.name.lowercased() == "retry-after" } == true)
        #expect(client.contains { $0.requestID == limited.requestID && $0.response?.status == 200 })

        // A 503, then its retry of the same request answered.
        let unavailable = try #require(client.first { $0.response?.status == 503 })
        let retry = try #require(client.first { $0.requestID == unavailable.requestID && $0.response?.status == 200 })
        #expect((retry.attempt ?? 0) > (unavailable.attempt ?? 0))

        // A reply stream that dropped and was resumed with Last-Event-ID under one request id.
        let streams = Dictionary(grouping: events.filter { $0.source == .sseClient }, by: { $0.requestID ?? "" })
        let reconnected = try #require(streams.values.first { $0.count > 1 }, "a stream reconnected")
        #expect(reconnected.first?.state == .failed)
        #expect(reconnected.last?.state == .complete)
        #expect(reconnected.dropFirst().allSatisfy { $0.request.headers.contains { $0.name.lowercased() == "last-event-id" } })

        // The proxy logged the stream it forwarded event by event, and the injected 503.
        let proxied = events.filter { $0.source == .proxyReverse }
        #expect(proxied.contains { !$0.sseEvents.isEmpty })
        #expect(proxied.contains { $0.response?.status == 503 })
        // And the WebSocket conversation, message by message, its token redacted.
        let socket = try #require(proxied.first { $0.isWebSocket })
        #expect(socket.webSocket?.messages.map(\.direction) == [.up, .down])
        #expect(socket.webSocket?.messages.first?.text?.contains(#""access_token":"[REDACTED:"#) == true)

        // The export of it all holds no secret the rules can find.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("loupe-demo.zip")
        let manifest = try await runner.networkLogger.export(to: zip, configuration: .init(format: .zip, source: .app))
        #expect(manifest.eventCount == events.count)
        let archive = try Archive(url: zip, accessMode: .read)
        let scanner = LeakScanner(ruleSet: .builtIn)
        var scannedEntries = 0
        for entry in archive where entry.type == .file {
            var stream = LeakScanStream(scanner: scanner, format: ScanFormat(path: entry.path))
            var findings: [Finding] = []
            _ = try archive.extract(entry) { findings += stream.feed($0) }
            findings += stream.finish()
            #expect(findings.isEmpty, "\(entry.path): \(findings)")
            scannedEntries += 1
        }
        #expect(scannedEntries >= 2)
    }
}
