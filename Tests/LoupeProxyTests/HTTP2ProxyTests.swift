import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeProxy
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing
import TestServerSupport

/// HTTP/2 on the client leg: AsyncHTTPClient negotiating h2 in ALPN with the intercepting proxy
/// (the origin behind speaks HTTP/1.1), a stream the client resets, and an HTTP/2 connection that
/// opens no stream. gRPC (h2c on both legs) has its own suite; curl, nghttpd and h2load run in
/// scripts/e2e/http2.sh.
@Suite(.serialized) struct HTTP2ProxyTests {
    private static func client(trusting setup: ProxyInterceptionTests.Setup, proxyPort: Int) -> HTTPClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.file(setup.loupeCA.certificateURL.path)]
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.proxy = .server(host: "127.0.0.1", port: proxyPort)
        return configuration
    }

    @Test func asyncHTTPClientSpeaksHTTP2ToTheInterceptingProxyAndEachStreamIsOneExchange() async throws {
        let setup = try await ProxyInterceptionTests.Setup.make()
        let harness = try await setup.proxy()
        let base = "https://localhost:\(setup.origin.port)"
        let results = try await withHTTPClient(Self.client(trusting: setup, proxyPort: harness.port)) { client in
            try await withThrowingTaskGroup(of: (HTTPVersion, String).self) { group in
                for path in ["/one?password=hunter2hunter2", "/two", "/three", "/stream"] {
                    group.addTask {
                        let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(10))
                        return (response.version, String(buffer: try await response.body.collect(upTo: 1 << 20)))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0.0 == .http2 }, "\(results.map(\.0))")
        #expect(results.contains { $0.1.contains(#""path":"/two""#) })
        #expect(results.contains { $0.1.contains(#"data: {"n":2}"#) })

        let events = await harness.finishedEvents(count: 4).filter { $0.request.url.hasPrefix("https://") }
        #expect(events.count == 4)
        for event in events {
            #expect(event.state == .complete, "\(event.request.url): \(String(describing: event.error))")
            #expect(event.request.httpVersion == "HTTP/2")
            #expect(event.response?.httpVersion == "HTTP/1.1")
            #expect(event.tls?.intercepted == true)
            #expect(event.tls?.clientVersion?.hasPrefix("TLSv1.") == true)
        }
        let stream = try #require(events.first { $0.request.url.hasSuffix("/stream") })
        #expect(stream.sseEvents.map(\.data) == [#"{"n":0}"#, #"{"n":1}"#, #"{"n":2}"#])
        let one = try #require(events.first { $0.request.url.contains("/one") })
        #expect(!one.request.url.contains("hunter2hunter2"), "\(one.request.url)")
        #expect(!one.request.headers.contains { $0.name.lowercased() == "transfer-encoding" })
        await harness.stop()
        await setup.tearDown()
    }

    @Test func aStreamTheClientResetsIsLoggedAsResetAndTheConnectionGoesOn() async throws {
        let setup = try await ProxyInterceptionTests.Setup.make()
        let harness = try await setup.proxy()
        let base = "https://localhost:\(setup.origin.port)"
        try await withHTTPClient(Self.client(trusting: setup, proxyPort: harness.port)) { client in
            // Warm the connection up, then cancel a request whose response the origin never ends,
            // once its first chunk has arrived: the exchange is surely still open when it is reset.
            _ = try await client.execute(HTTPClientRequest(url: base + "/warm"), timeout: .seconds(10))
            let started = AsyncStream.makeStream(of: Void.self)
            let cancelled = Task {
                let response = try await client.execute(HTTPClientRequest(url: base + "/hang"), timeout: .seconds(30))
                for try await _ in response.body {
                    started.continuation.yield()
                    try await Task.sleep(for: .seconds(30))
                }
            }
            for await _ in started.stream { break }
            cancelled.cancel()
            _ = await cancelled.result
            let after = try await client.execute(HTTPClientRequest(url: base + "/after"), timeout: .seconds(10))
            #expect(after.status == .ok)
            #expect(after.version == .http2)
        }
        let events = await harness.finishedEvents(count: 3).filter { $0.request.url.hasPrefix("https://") }
        let reset = try #require(events.first { $0.request.url.hasSuffix("/hang") })
        #expect(reset.state == .failed)
        #expect(reset.error?.kind == .cancelled)
        #expect(reset.error?.message.contains("reset its HTTP/2 stream") == true, "\(reset.error?.message ?? "")")
        #expect(events.first { $0.request.url.hasSuffix("/after") }?.state == .complete)
        await harness.stop()
        await setup.tearDown()
    }

    @Test func aStreamTheClientDoesNotReadDoesNotStallTheOthersOnItsConnection() async throws {
        let setup = try await ProxyInterceptionTests.Setup.make()
        let harness = try await setup.proxy()
        let base = "https://localhost:\(setup.origin.port)"
        try await withHTTPClient(Self.client(trusting: setup, proxyPort: harness.port)) { client in
            let big = try await client.execute(HTTPClientRequest(url: base + "/big"), timeout: .seconds(30))
            #expect(big.version == .http2)
            var body = big.body.makeAsyncIterator()
            var received = try await body.next()?.readableBytes ?? 0
            // The big stream is not read now (its window fills, or the client buffers what the
            // proxy sends), while other streams on the same connection go on.
            let clock = ContinuousClock()
            let started = clock.now
            for index in 0..<20 {
                let small = try await client.execute(HTTPClientRequest(url: base + "/small/\(index)"), timeout: .seconds(5))
                #expect(small.version == .http2)
                #expect(String(buffer: try await small.body.collect(upTo: 1 << 16)).contains("/small/\(index)"))
            }
            #expect(clock.now - started < .seconds(5).scaledForTests)
            while let chunk = try await body.next() { received += chunk.readableBytes }
            #expect(received == TLSTestOrigin.bigSize)
        }
        let events = await harness.finishedEvents(count: 21).filter { $0.request.url.hasPrefix("https://") }
        #expect(events.filter { $0.state == .complete }.count == 21)
        #expect(events.first { $0.request.url.hasSuffix("/big") }?.response?.body?.originalSize == TLSTestOrigin.bigSize)
        await harness.stop()
        await setup.tearDown()
    }

    @Test func anUpstreamResetIsA502SayingSoAndAGoAwaySendsLaterRequestsToANewConnection() async throws {
        let origin = try await HTTP2TestOrigin.start()
        let harness = try await ProxyHarness.start {
            $0.upstream = try? ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
            $0.upstreamHTTPVersion = .http2
        }
        let base = "http://127.0.0.1:\(harness.port)"
        let bodies = try await withHTTPClient { client in
            var bodies: [String] = []
            for path in ["/one", "/reset", "/two", "/goaway", "/three"] {
                let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(10))
                bodies.append("\(response.status.code) " + String(buffer: try await response.body.collect(upTo: 1 << 16)))
            }
            return bodies
        }
        #expect(bodies[0] == "200 ok /one")
        #expect(bodies[1].hasPrefix("502 ") && bodies[1].contains("reset the HTTP/2 stream"), "\(bodies[1])")
        #expect(bodies[2] == "200 ok /two")  // the reset stream left its connection alone
        #expect(bodies[3] == "200 ok /goaway")
        #expect(bodies[4] == "200 ok /three")
        #expect(origin.connections == 2, "after GOAWAY the next request opens a new connection")
        let events = await harness.finishedEvents(count: 5)
        let reset = try #require(events.first { $0.request.url.hasSuffix("/reset") })
        #expect(reset.state == .failed)
        #expect(reset.response?.status == 502)
        #expect(events.filter { $0.response?.httpVersion == "HTTP/2" }.count == 4)
        await harness.stop()
        await origin.stop()
    }

    @Test func anHTTP2ConnectionWithNoStreamIsClosedAtTheHeaderTimeout() async throws {
        let harness = try await ProxyHarness.start {
            $0.upstream = try? ProxyUpstream(parsing: "http://127.0.0.1:9")
            $0.headerTimeout = .milliseconds(300)
        }
        // The preface and an empty SETTINGS frame, then nothing.
        let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send(bytes: preface)
        let started = ContinuousClock.now
        _ = try await connection.readToEnd()
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(250), "closed after \(waited)")
        #expect(waited < .seconds(5).scaledForTests, "closed after \(waited)")
        #expect(harness.proxy.headerTimeouts == 1)
        await harness.stop()
    }
}
