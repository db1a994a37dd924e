import Foundation
import LoupeClient
import LoupeConsole
import LoupeCore
import TestServerSupport
import Testing

/// Attach mode against a scripted log API: snapshot, live changes, reconnection, restarts.
@Suite struct AttachEventSourceTests {
    static let fastRetry = AttachEventSource.Configuration(
        limit: 50, reconnectPolicy: SSEReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100)),
        requestTimeout: .seconds(5))

    /// Keeps a feed connection open until the test ends.
    static func idle(_ feed: ScriptedLogAPI.Feed) async throws {
        try await Task.sleep(for: .seconds(60))
    }

    @Test func appliesTheSnapshotThenLiveChanges() async throws {
        let server = try await ScriptedLogAPI.start(snapshot: [TestEvents.http(1), TestEvents.http(2)]) { _ in
            { feed in
                try await feed.send("added", event: TestEvents.http(3))
                try await feed.send("updated", event: TestEvents.http(1, status: 500))
                try await feed.send("evicted", "\"\(TestEvents.id(2).uuidString)\"")
                try await feed.send("added", event: TestEvents.sse(4, count: 1))
                try await feed.send("evicted", #"{"id":"\#(TestEvents.id(4).uuidString)"}"#)
                try await feed.send("unknown-type", "ignored")
                try await Self.idle(feed)
            }
        }
        let recorder = ModelRecorder()
        await recorder.start(try AttachEventSource(baseURL: server.baseURL + "/", configuration: Self.fastRetry))
        let settled = await eventually { await recorder.ids == [TestEvents.id(1), TestEvents.id(3)] }
        await recorder.stop()
        let targets = await server.state.targets
        await server.stop()

        #expect(settled)
        #expect(await recorder.model.visibleEvent(at: 0)?.response?.status == 500)
        #expect(await recorder.model.evictedCount == 2)
        #expect(targets.contains("/v1/events?limit=50"))
        #expect(targets.first == "/v1/events/stream")  // the feed is opened before the snapshot
        #expect(await recorder.statuses.last == .some(nil))  // live: no status note
    }

    @Test func reconnectsWhenTheFeedEndsAndTakesAFreshSnapshot() async throws {
        let server = try await ScriptedLogAPI.start(snapshot: [TestEvents.http(1)]) { index in
            { feed in
                if index == 0 {
                    try await feed.send("added", event: TestEvents.http(2))
                    return  // the server closes the feed
                }
                try await feed.send("added", event: TestEvents.http(4))
                try await Self.idle(feed)
            }
        }
        // What the server holds by the time the console reconnects.
        await server.state.setSnapshot([TestEvents.http(1), TestEvents.http(2), TestEvents.http(3)])
        let recorder = ModelRecorder()
        await recorder.start(try AttachEventSource(baseURL: server.baseURL, configuration: Self.fastRetry))
        let expected = [1, 2, 3, 4].map(TestEvents.id)
        let settled = await eventually { await recorder.ids == expected }
        await recorder.stop()
        let feeds = await server.state.feeds
        await server.stop()

        #expect(settled)
        #expect(feeds >= 2)
        #expect(await recorder.resets >= 2)
        #expect(await recorder.statuses.contains { $0?.hasPrefix("reconnecting in") == true })
    }

    @Test func survivesTheServerRestartingOnTheSamePort() async throws {
        let first = try await ScriptedLogAPI.start(snapshot: [TestEvents.http(1)]) { _ in { try await Self.idle($0) } }
        let port = first.port
        let recorder = ModelRecorder()
        await recorder.start(try AttachEventSource(baseURL: first.baseURL, configuration: Self.fastRetry))
        #expect(await eventually { await recorder.ids == [TestEvents.id(1)] })
        await first.stop()
        #expect(await eventually { await recorder.statuses.last??.contains("reconnecting") == true })

        let second = try await ScriptedLogAPI.start(port: port, snapshot: [TestEvents.http(7)]) { _ in
            { feed in
                try await feed.send("added", event: TestEvents.http(8))
                try await Self.idle(feed)
            }
        }
        let settled = await eventually { await recorder.ids == [TestEvents.id(7), TestEvents.id(8)] }
        await recorder.stop()
        await second.stop()
        #expect(settled)
    }

    @Test func aRefusedConnectionIsShownAndRetried() async throws {
        // A port held but never listened on: connections are refused, and no other test's
        // server can take it meanwhile (a released port could be).
        let refusing = try #require(RefusingPort())
        defer { withExtendedLifetime(refusing) {} }
        let recorder = ModelRecorder()
        await recorder.start(try AttachEventSource(baseURL: "127.0.0.1:\(refusing.port)", configuration: Self.fastRetry))
        let retried = await eventually {
            await recorder.statuses.filter { $0?.hasPrefix("reconnecting in") == true }.count >= 2
        }
        await recorder.stop()
        let statuses = await recorder.statuses
        #expect(retried)
        #expect(statuses.contains { $0?.contains("refused") == true }, "\(statuses)")
    }

    @Test func aRefusedPlainSnapshotNamesTheAddressAndTheCause() async throws {
        let refusing = try #require(RefusingPort())
        let port = refusing.port
        defer { withExtendedLifetime(refusing) {} }
        let error = await #expect(throws: AttachError.self) {
            try await AttachEventSource(baseURL: "127.0.0.1:\(port)").snapshot()
        }
        #expect(error?.description.hasPrefix("http://127.0.0.1:\(port) did not answer (connection refused)") == true,
                "\(String(describing: error))")
    }

    @Test(arguments: [
        ("127.0.0.1:9901", "http://127.0.0.1:9901"),
        ("http://127.0.0.1:9901/", "http://127.0.0.1:9901"),
        ("http://127.0.0.1:9901/v1/events?limit=5", "http://127.0.0.1:9901"),
        ("https://logs.example.com/v1", "https://logs.example.com"),
        (" localhost:9901/v1/export ", "http://localhost:9901"),
    ])
    func anAddressAsTypedBecomesTheBaseURL(typed: String, base: String) throws {
        #expect(try LogAPIAddress(typed).baseURL == base)
        #expect(try LogAPIAddress(typed).accessToken == nil)
        #expect(try AttachEventSource(baseURL: typed).baseURL == base)
    }

    @Test func theAccessTokenComesFromThePrintedAddressElseFromTheCaller() throws {
        let printed = try LogAPIAddress("http://127.0.0.1:9901/?token=0123456789abcdef", accessToken: "from-environment")
        #expect(printed.baseURL == "http://127.0.0.1:9901")
        #expect(printed.accessToken == "0123456789abcdef")
        #expect(try LogAPIAddress("127.0.0.1:9901/v1/events?limit=5&token=abc").accessToken == "abc")
        #expect(try LogAPIAddress("127.0.0.1:9901", accessToken: "from-environment").accessToken == "from-environment")
        let request = printed.request("/v1/stats")
        #expect(request.url == "http://127.0.0.1:9901/v1/stats")
        #expect(request.headers["authorization"] == ["Bearer 0123456789abcdef"])
        // An address that is refused does not repeat its token.
        let error = #expect(throws: AttachError.self) { try LogAPIAddress("ftp://x/?token=0123456789abcdef") }
        #expect(error?.description.contains("0123456789abcdef") == false)
    }

    @Test func aNonHTTPAddressIsRejected() throws {
        #expect(throws: AttachError.self) { try AttachEventSource(baseURL: "ftp://example.com") }
        #expect(throws: AttachError.self) { try AttachEventSource(baseURL: "http://") }
        #expect(try AttachEventSource(baseURL: "127.0.0.1:9901").label == "attach 127.0.0.1:9901")
    }

    @Test func thePlainSnapshotIsTheServersList() async throws {
        let server = try await ScriptedLogAPI.start(snapshot: [TestEvents.http(1), TestEvents.http(2)]) { _ in { _ in } }
        let events = try await AttachEventSource(baseURL: server.baseURL).snapshot()
        await server.stop()
        #expect(events.map(\.id) == [TestEvents.id(1), TestEvents.id(2)])
    }
}

/// Reading the feed's events leniently.
@Suite struct AttachChangeDecoderTests {
    let decoder = AttachChangeDecoder()
    let id = TestEvents.id(5)

    @Test func evictionsAcceptAnEventAnObjectAStringOrABareID() throws {
        let eventJSON = String(decoding: try JSONEncoder.loupe().encode(TestEvents.http(5)), as: UTF8.self)
        for data in [eventJSON, #"{"id":"\#(id.uuidString)"}"#, "\"\(id.uuidString)\"", id.uuidString] {
            #expect(try decoder.change(for: SSEEvent(type: "evicted", data: data)) == .evicted(id), "\(data)")
        }
    }

    @Test func addedAndUpdatedCarryTheEvent() throws {
        let json = String(decoding: try JSONEncoder.loupe().encode(TestEvents.http(5)), as: UTF8.self)
        #expect(try decoder.change(for: SSEEvent(type: "added", data: json)) == .added(TestEvents.http(5)))
        #expect(try decoder.change(for: SSEEvent(type: "updated", data: json)) == .updated(TestEvents.http(5)))
        #expect(try decoder.change(for: SSEEvent(type: "ping", data: "")) == nil)
    }

    @Test func garbageIsAnErrorThatQuotesNothing() {
        let error = #expect(throws: AttachError.self) {
            try decoder.change(for: SSEEvent(type: "added", data: #"{"token":"s3cret"}"#))
        }
        #expect(error?.description.contains("s3cret") == false)
    }
}
