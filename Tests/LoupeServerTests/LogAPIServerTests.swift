import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import LoupeServer
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import Testing
import ZIPFoundation

/// The log API against a live server on 127.0.0.1:0.
@Suite struct LogAPIServerTests {
    /// Runs `body` with a logger, a started server's base URL and an HTTP client; stops both after.
    /// The server takes requests without a token unless `accessToken` is given.
    private func withServer(heartbeat: Duration = .seconds(15), accessToken: String? = nil,
                            sourceCounters: (@Sendable () async -> [String: Int])? = nil,
                            _ body: (NetworkLogger, String, HTTPClient) async throws -> Void) async throws {
        let logger = NetworkLogger()
        var configuration = LogAPIServer.Configuration(port: 0, heartbeatInterval: heartbeat, accessToken: accessToken)
        configuration.sourceCounters = sourceCounters
        let server = try await LogAPIServer(logger: logger, configuration: configuration).start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(logger, "http://127.0.0.1:\(server.port)", client)
        } catch {
            try? await client.shutdown()
            await server.shutdown()
            throw error
        }
        try await client.shutdown()
        await server.shutdown()
    }

    private func get(_ url: String, _ client: HTTPClient) async throws -> (status: Int, headers: [(String, String)], body: Data) {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 << 20)
        return (Int(response.status.code), response.headers.map { ($0.name, $0.value) }, Data(buffer: body))
    }

    private func event(_ method: String, _ path: String, status: Int? = nil) -> NetworkEvent {
        NetworkEvent(source: .apiClient, state: status == nil ? .pending : .complete,
                     request: CapturedRequest(method: method, url: "https://api.example.com\(path)"),
                     response: status.map { CapturedResponse(status: $0) })
    }

    @Test func eventsListsTheNewestMatchingEventsOldestFirst() async throws {
        try await withServer { logger, base, client in
            for index in 0..<5 { await logger.record(event(index % 2 == 0 ? "GET" : "POST", "/items/\(index)", status: 200)) }
            let all = try await get("\(base)/v1/events", client)
            #expect(all.status == 200)
            let events = try JSONDecoder.loupe().decode([NetworkEvent].self, from: all.body)
            #expect(events.map { $0.request.url.suffix(1) } == ["0", "1", "2", "3", "4"])

            let filtered = try await get("\(base)/v1/events?filter=method:GET&limit=2", client)
            let newest = try JSONDecoder.loupe().decode([NetworkEvent].self, from: filtered.body)
            #expect(newest.map { $0.request.url.suffix(1) } == ["2", "4"])
        }
    }

    @Test func aBadFilterIs400WithTheMessageAndColumn() async throws {
        try await withServer { _, base, client in
            for path in ["/v1/events", "/v1/events/stream", "/v1/export"] {
                let response = try await get("\(base)\(path)?filter=status:abc", client)
                #expect(response.status == 400, "\(path)")
                let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                #expect(body["column"] as? Int == 8)
                #expect((body["message"] as? String)?.contains("status") == true)
            }
            #expect(try await get("\(base)/v1/events?limit=-1", client).status == 400)
            #expect(try await get("\(base)/v1/export?format=pdf", client).status == 400)
        }
    }

    @Test func theFilterCheckSaysWhetherAnExpressionParsesWithoutAFailedRequest() async throws {
        try await withServer { _, base, client in
            let valid = try await get("\(base)/v1/filter?filter=STATUS:%3E%3D400%20kind:grpc", client)
            #expect(valid.status == 200)
            let ok = try #require(try JSONSerialization.jsonObject(with: valid.body) as? [String: Any])
            #expect(ok["valid"] as? Bool == true)
            #expect(ok["canonical"] as? String == "status:>=400 kind:grpc")
            let invalid = try await get("\(base)/v1/filter?filter=status:abc", client)
            #expect(invalid.status == 200)
            let bad = try #require(try JSONSerialization.jsonObject(with: invalid.body) as? [String: Any])
            #expect(bad["valid"] as? Bool == false)
            #expect(bad["column"] as? Int == 8)
            #expect((bad["message"] as? String)?.contains("status") == true)
        }
    }

    @Test func aRequestNamingAnotherHostOrFromAnotherOriginIsRefused() async throws {
        try await withServer { _, base, client in
            #expect(try await get("\(base)/v1/stats", client).status == 200)
            var rebinding = HTTPClientRequest(url: "\(base)/v1/events")
            rebinding.headers.replaceOrAdd(name: "host", value: "attacker.example:9901")
            let misdirected = try await client.execute(rebinding, timeout: .seconds(10))
            #expect(misdirected.status.code == 421)
            var foreign = HTTPClientRequest(url: "\(base)/v1/events")
            foreign.headers.add(name: "origin", value: "https://attacker.example")
            #expect(try await client.execute(foreign, timeout: .seconds(10)).status.code == 403)
            var own = HTTPClientRequest(url: "\(base)/v1/events")
            own.headers.add(name: "origin", value: base)
            #expect(try await client.execute(own, timeout: .seconds(10)).status.code == 200)
            var named = HTTPClientRequest(url: "\(base)/")
            named.headers.replaceOrAdd(name: "host", value: "localhost:1")
            #expect(try await client.execute(named, timeout: .seconds(10)).status.code == 200)
        }
    }

    @Test func everyRouteButThePagesScriptAndStylesNeedsTheAccessToken() async throws {
        let token = "0123456789abcdef-token"
        try await withServer(accessToken: token) { logger, base, client in
            await logger.record(event("GET", "/private"))
            for path in ["/", "/v1/events", "/v1/events/stream", "/v1/stats", "/v1/export?format=har", "/v1/filter?filter=x"] {
                #expect(try await get(base + path, client).status == 401, "\(path) without a token")
                var wrong = HTTPClientRequest(url: base + path)
                wrong.headers.add(name: "authorization", value: "Bearer \(token)x")
                #expect(try await client.execute(wrong, timeout: .seconds(10)).status.code == 401, "\(path) with a wrong token")
            }
            let refused = try await get(base + "/v1/events", client)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("needs its access token"))
            #expect(!String(decoding: refused.body, as: UTF8.self).contains(token))
            let page = try await get(base + "/", client)
            #expect(page.headers.contains { $0.0.lowercased() == "content-type" && $0.1.hasPrefix("text/plain") })
            #expect(try await get(base + "/inspector.js", client).status == 200)
            #expect(try await get(base + "/inspector.css", client).status == 200)

            let byQuery = try await get(base + "/v1/events?token=\(token)", client)
            #expect(byQuery.status == 200)
            #expect(String(decoding: byQuery.body, as: UTF8.self).contains("/private"))
            #expect(try await get(base + "/?token=\(token)", client).status == 200)
            var byHeader = HTTPClientRequest(url: base + "/v1/stats")
            byHeader.headers.add(name: "authorization", value: "Bearer \(token)")
            #expect(try await client.execute(byHeader, timeout: .seconds(10)).status.code == 200)
        }
    }

    @Test func theDefaultTokenIsRandomAndInTheInspectorsAddress() async throws {
        let first = LogAPIServer.Configuration(port: 0), second = LogAPIServer.Configuration(port: 0)
        let token = try #require(first.accessToken)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(token != second.accessToken)
        let running = try await LogAPIServer(logger: NetworkLogger(), configuration: first).start()
        #expect(running.inspectorURL == "http://127.0.0.1:\(running.port)/?token=\(token)")
        #expect(running.baseURL == "http://127.0.0.1:\(running.port)")
        await running.shutdown()
    }

    @Test func theInspectorPageAndItsFilesAreServedWithAStrictContentSecurityPolicy() async throws {
        try await withServer { _, base, client in
            let page = try await get("\(base)/", client)
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("<title>Loupe inspector</title>"))
            let headers = Dictionary(page.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
            #expect(headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(headers["content-security-policy"]?.contains("default-src 'none'") == true)
            #expect(headers["content-security-policy"]?.contains("script-src 'self'") == true)
            #expect(headers["x-content-type-options"] == "nosniff")
            let script = try await get("\(base)/inspector.js", client)
            #expect(script.status == 200)
            #expect(String(decoding: script.body, as: UTF8.self).contains("new EventSource(\"/v1/events/stream\""))
            #expect(try await get("\(base)/inspector.css", client).status == 200)
            #expect(try await get("\(base)/nothing-here.js", client).status == 404)
        }
    }

    @Test func statsReportsCountsEvictionsAndTheRuleSet() async throws {
        try await withServer { logger, base, client in
            await logger.record(event("GET", "/a", status: 200))
            let response = try await get("\(base)/v1/stats", client)
            let stats = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            #expect(stats["storedEvents"] as? Int == 1)
            #expect(stats["evictedEvents"] as? Int == 0)
            #expect(stats["source"] as? String == "app")
            #expect(stats["uptimeSeconds"] is Double)
            #expect((stats["ruleSet"] as? [String: Any])?["sha256"] as? String == RuleSet.builtIn.sha256)
            #expect(stats["droppedEvents"] as? Int == 0)
            #expect(stats["sourceCounters"] == nil)
        }
    }

    @Test func statsReportsEventsTheSourceCouldNotLogAndItsCountersLive() async throws {
        let forwarded = LockedCounter()
        try await withServer(sourceCounters: { ["forwardedExchanges": forwarded.value] }) { logger, base, client in
            for round in 1...2 {
                forwarded.add(5)
                await logger.countDropped(2)
                let response = try await get("\(base)/v1/stats", client)
                let stats = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                #expect(stats["droppedEvents"] as? Int == 2 * round)
                #expect((stats["sourceCounters"] as? [String: Any])?["forwardedExchanges"] as? Int == 5 * round)
            }
        }
    }

    @Test func exportDownloadsAValidZipBundle() async throws {
        try await withServer { logger, base, client in
            await logger.record(event("GET", "/a", status: 200))
            await logger.record(event("POST", "/b", status: 500))
            let response = try await get("\(base)/v1/export?format=zip&filter=status:5xx", client)
            #expect(response.status == 200)
            let disposition = response.headers.first { $0.0.lowercased() == "content-disposition" }?.1
            #expect(disposition?.hasPrefix("attachment; filename=\"loupe-") == true)
            #expect(disposition?.hasSuffix(".zip\"") == true)

            let archive = try Archive(data: response.body, accessMode: .read)
            #expect(Set(archive.map(\.path)) == ["manifest.json", "events.json", "events.har"])
            let folder = FileManager.default.temporaryDirectory.appending(path: "loupe-api-test-\(UUID().uuidString).zip")
            try response.body.write(to: folder)
            defer { try? FileManager.default.removeItem(at: folder) }
            let log = try EventFileReader(redactor: IdentityRedactor()).readAll(contentsOf: folder)
            #expect(log.events.map(\.request.method) == ["POST"])
            #expect(log.manifest?.filter == "status:5xx")

            let har = try await get("\(base)/v1/export?format=har", client)
            #expect(har.headers.contains { $0.0.lowercased() == "content-type" && $0.1 == "application/json" })
            #expect(String(decoding: har.body, as: UTF8.self).hasPrefix(#"{"log":{"version":"1.2""#))
        }
    }

    @Test func theLiveStreamSendsAddedAndUpdatedEventsInOrder() async throws {
        try await withServer { logger, base, client in
            let response = try await client.execute(
                HTTPClientRequest(url: "\(base)/v1/events/stream?filter=method:POST"), timeout: .seconds(30))
            #expect(response.status == .ok)
            #expect(response.headers["content-type"].first == "text/event-stream")
            var iterator = response.body.makeAsyncIterator()
            var text = ""
            // The opening comment says the subscription is in place.
            while !text.contains("\n\n"), let chunk = try await iterator.next() { text += String(buffer: chunk) }

            let ignored = await logger.record(event("GET", "/ignored"))
            let post = await logger.record(event("POST", "/conversations"))
            await logger.appendSSE(id: post.id, SSEEvent(type: "delta", data: "hi"))
            await logger.finish(id: post.id, response: CapturedResponse(status: 201))
            await logger.finish(id: ignored.id, response: CapturedResponse(status: 200))

            var frames: [(type: String, event: NetworkEvent)] = []
            text = ""
            while frames.count < 3, let chunk = try await iterator.next() {
                text += String(buffer: chunk)
                while let end = text.range(of: "\n\n") {
                    let frame = String(text[..<end.lowerBound])
                    text.removeSubrange(..<end.upperBound)
                    let lines = frame.split(separator: "\n")
                    guard let type = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7),
                          let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6) else { continue }
                    frames.append((String(type), try JSONDecoder.loupe().decode(NetworkEvent.self, from: Data(data.utf8))))
                }
            }
            #expect(frames.map(\.type) == ["added", "updated", "updated"])
            #expect(frames.allSatisfy { $0.event.id == post.id })
            #expect(frames[1].event.sseEvents.map(\.data) == ["hi"])
            #expect(frames[2].event.state == .complete)
            #expect(frames[2].event.response?.status == 201)
        }
    }

    @Test func theStreamSendsHeartbeatComments() async throws {
        try await withServer(heartbeat: .milliseconds(50)) { logger, base, client in
            let response = try await client.execute(HTTPClientRequest(url: "\(base)/v1/events/stream"), timeout: .seconds(30))
            var iterator = response.body.makeAsyncIterator()
            var text = ""
            while !text.contains(": heartbeat"), let chunk = try await iterator.next() { text += String(buffer: chunk) }
            #expect(text.contains(": heartbeat\n\n"))
        }
    }

    @Test func aNonLoopbackHostIsRefusedUnlessAllowed() async throws {
        let server = LogAPIServer(logger: NetworkLogger(), configuration: .init(host: "0.0.0.0", port: 0))
        await #expect(throws: LogAPIServerError.self) { try await server.run() }
        await #expect(throws: LogAPIServerError.self) { _ = try await server.start() }
    }

    @Test func startReturnsTheBoundPortAndSaysWhenThePortIsTaken() async throws {
        let first = try await LogAPIServer(logger: NetworkLogger(), configuration: .init(port: 0)).start()
        #expect(first.port > 0)
        let second = LogAPIServer(logger: NetworkLogger(), configuration: .init(port: first.port))
        let error = await #expect(throws: LogAPIServerError.self) { _ = try await second.start() }
        #expect(error?.description == "port \(first.port) on 127.0.0.1 is already in use by another process")
        await #expect(throws: LogAPIServerError.self) { _ = try await second.boundPort() }  // run() ended
        await first.shutdown()
    }
}

/// A counter shared with a `@Sendable` closure.
private final class LockedCounter: Sendable {
    private let storage = NIOLockedValueBox(0)
    var value: Int { storage.withLockedValue { $0 } }
    func add(_ amount: Int) { storage.withLockedValue { $0 += amount } }
}
