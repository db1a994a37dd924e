import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeProxy
import NIOCore
import NIOHTTP1
import Testing

/// Reverse mode in front of a test origin, and event streams passing through live.
@Suite struct ProxyReverseTests {
    @Test func reverseModeSendsOriginFormRequestsUnderTheBasePathWithHostRewritten() async throws {
        let origin = try await TestOrigin.start { request, response in
            try await response.send(status: .created, headers: ["content-type": "text/plain"],
                                    body: "\(request.head.uri) host=\(request.head.headers.first(name: "host") ?? "")")
        }
        let harness = try await ProxyHarness.start {
            $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)/base/")
        }
        let (response, body) = try await withHTTPClient { client in
            let response = try await client.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(harness.port)/conversations?limit=2"), timeout: .seconds(10))
            let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
            // A second request reuses the kept-alive upstream connection.
            let again = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(harness.port)/again"), timeout: .seconds(10))
            _ = try await again.body.collect(upTo: 1 << 20)
            return (response, body)
        }

        #expect(response.status == .created)
        #expect(body == "/base/conversations?limit=2 host=127.0.0.1:\(origin.port)")
        let events = await harness.finishedEvents(count: 2)
        #expect(events.map(\.source) == [.proxyReverse, .proxyReverse])
        #expect(events.first?.request.url == "http://127.0.0.1:\(origin.port)/base/conversations?limit=2")
        #expect(origin.requests.count == 2)
        // The first exchange opened the upstream connection (plain TCP: no TLS); the second reused it.
        let first = try #require(events.first { $0.request.url.hasSuffix("limit=2") })
        let second = try #require(events.first { $0.request.url.hasSuffix("/again") })
        #expect(first.timings.connect.map { $0 >= 0 && $0 <= (first.timings.ttfb ?? 0) } == true)
        #expect(first.timings.tls == nil)
        #expect(second.timings.connect == nil && second.timings.tls == nil)
        await harness.stop()
        await origin.stop()
    }

    @Test func aLargeBodyStreamsBothWaysAndTheLogKeepsATruncatedCopy() async throws {
        let origin = try await TestOrigin.start { request, response in
            try await response.sendHead(headers: ["content-type": "text/plain"])
            let chunk = ByteBuffer(repeating: UInt8(ascii: "d"), count: 64 * 1024)
            for _ in 0..<64 { try await response.sendChunk(chunk) }  // 4 MiB down
            try await response.end()
            _ = request
        }
        let harness = try await ProxyHarness.start {
            $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
            $0.maxBodyCapture = 1000
        }
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(harness.port)/upload")
        request.method = .POST
        request.body = .bytes(ByteBuffer(repeating: UInt8(ascii: "u"), count: 2 * 1024 * 1024))
        let received = try await withHTTPClient { client in
            let response = try await client.execute(request, timeout: .seconds(20))
            return try await response.body.collect(upTo: 8 << 20)
        }

        #expect(received.readableBytes == 4 * 1024 * 1024)
        #expect(origin.requests.first?.body.utf8.count == 2 * 1024 * 1024)
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.request.body?.originalSize == 2 * 1024 * 1024)
        #expect(event.request.body?.truncated == true)
        #expect(event.request.body?.text?.utf8.count == 1000)
        #expect(event.response?.body?.originalSize == 4 * 1024 * 1024)
        #expect(event.response?.body?.truncated == true)
        await harness.stop()
        await origin.stop()
    }

    @Test func aGzipBodyReachesTheClientUntouchedAndIsLoggedDecodedAndRedacted() async throws {
        // gzip of {"email":"ada.lovelace@example.com","card":"4111 1111 1111 1111","note":"hello"}
        let gzipped = try #require(Data(base64Encoded:
            "H4sIAAAAAAACA6tWSs1NzMxRslJKTEnUy8kvS81JTE51SK1IzC3ISdVLzs9V0lFKTixKAaowMTQ0VDBEIYCSefklqUDJjNScnHylWgAp88lCUAAAAA=="))
        let origin = try await TestOrigin.start { _, response in
            try await response.sendHead(headers: ["content-type": "application/json", "content-encoding": "gzip"])
            try await response.sendChunk(ByteBuffer(bytes: gzipped))
            try await response.end()
        }
        let harness = try await ProxyHarness.start {
            $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
        }
        let (response, received) = try await withHTTPClient { client in
            let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(harness.port)/profile"),
                                                    timeout: .seconds(10))
            return (response, try await response.body.collect(upTo: 1 << 20))
        }

        #expect(response.headers.first(name: "content-encoding") == "gzip")
        #expect(Array(received.readableBytesView) == Array(gzipped))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        let body = try #require(event.response?.body)
        #expect(body.decodedFrom == .gzip)
        let text = try #require(body.text)
        #expect(text.contains("\"note\":\"hello\""))
        #expect(text.contains("[REDACTED:email]"))
        #expect(!text.contains("ada.lovelace"))
        #expect(!text.contains("4111 1111 1111 1111"))
        #expect(event.redactions["email"] == 1)
        await harness.stop()
        await origin.stop()
    }

    @Test func anEventStreamArrivesEventByEventAndEachEventIsLoggedLive() async throws {
        let second = TestGate()
        let origin = try await TestOrigin.start { _, response in
            try await response.sendHead(headers: ["content-type": "text/event-stream"])
            try await response.sendChunk("event: delta\ndata: first token=sk-live-abcdefghijklmnopqrstuvwx\n\n")
            await second.wait()
            try await response.sendChunk("id: 2\ndata: second\n\n")
            try await response.end()
        }
        let harness = try await ProxyHarness.start {
            $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
        }
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send("GET /stream HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n\r\n")
        // The origin has not sent the second event yet: the first must already be here.
        #expect(try await connection.read(until: "data: first"))
        #expect(!connection.received.contains("second"))
        var live: [NetworkEvent] = []
        for _ in 0..<300 where live.first?.sseEvents.count != 1 {
            live = await harness.events()
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(live.first?.state == .streaming, "the exchange is visible while it streams")
        #expect(live.first?.sseEvents.first?.type == "delta")
        #expect(live.first?.sseEvents.first?.data.contains("sk-live-abcdefghijklmnopqrstuvwx") == false,
                "event data is redacted as it is appended")

        second.open()
        #expect(try await connection.read(until: "data: second"))
        let events = await harness.finishedEvents(count: 1)
        let event = try #require(events.first)
        #expect(event.state == .complete)
        #expect(event.sseEvents.map(\.data).last == "second")
        #expect(event.sseEvents.count == 2)
        #expect(event.isEventStream)
        await connection.close()
        await harness.stop()
        await origin.stop()
    }

    @Test func aClientThatGoesAwayMidStreamCancelsTheUpstream() async throws {
        let upstreamClosed = TestGate()
        let origin = try await TestOrigin.start { _, response in
            try await response.sendHead(headers: ["content-type": "text/event-stream"])
            try await response.sendChunk("data: one\n\n")
            // Keep-alive comments until the proxy closes this connection; a write then fails.
            while true {
                try? await Task.sleep(for: .milliseconds(100))
                do { try await response.sendChunk(": ping\n\n") } catch { break }
            }
            upstreamClosed.open()
        }
        let harness = try await ProxyHarness.start {
            $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
        }
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try await connection.read(until: "data: one"))
        await connection.close()

        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.state == .failed)
        #expect(event.error?.kind == .cancelled)
        await upstreamClosed.wait()  // returns only once the origin saw its connection closed
        await harness.stop()
        await origin.stop()
    }
}
