import Foundation
import LoupeCore
import LoupeProxy
import NIOCore
import Testing

/// Malformed input, smuggling attempts, unreachable and slow upstreams, many connections.
@Suite struct ProxyRobustnessTests {
    static func okOrigin() async throws -> TestOrigin {
        try await TestOrigin.start { _, response in
            try await response.send(status: .ok, headers: ["content-type": "text/plain"], body: "ok")
        }
    }

    @Test(arguments: [
        ("garbage", "\u{01}\u{02}garbage\r\n\r\n", "400"),
        ("TE and CL", "POST http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400"),
        ("two lengths", "POST http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcd", "400"),
        ("bad length", "POST http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", "400"),
        ("unknown coding", "POST http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", "400"),
        ("origin-form in forward mode", "GET / HTTP/1.1\r\nHost: a\r\n\r\n", "400"),
        ("huge header", "GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n", "431"),
        ("no Host in HTTP/1.1", "GET http://127.0.0.1:1/ HTTP/1.1\r\n\r\n", "400"),
        ("two Hosts", "GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "400"),
        // No version and no blank line: answered at the line break, not when the client gives up.
        ("HTTP/0.9 request line", "GET /\r\n", "400"),
        ("HTTP/0.9 after blank lines", "\r\n\r\nGET http://127.0.0.1:1/\n", "400"),
    ])
    func malformedRequestsAreAnsweredAndClosedWhileOtherConnectionsKeepWorking(
        name: String, request: String, status: String
    ) async throws {
        let origin = try await Self.okOrigin()
        let harness = try await ProxyHarness.start()
        // A connection opened before the bad one must keep working after it.
        let bystander = try await RawConnection.connect(port: harness.port)

        let reply = try await RawConnection.exchange(port: harness.port, request)
        #expect(reply.hasPrefix("HTTP/1.1 \(status)"), "\(name): \(reply.prefix(200))")
        #expect(reply.lowercased().contains("connection: close"))

        try await bystander.send("GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let fine = try await bystander.readToEnd()
        #expect(fine.hasPrefix("HTTP/1.1 200") && fine.hasSuffix("ok"), "\(name): \(fine.prefix(200))")
        #expect(origin.requests.count == 1, "nothing of the bad request reached the origin")
        await harness.stop()
        await origin.stop()
    }

    @Test func anHTTP10RequestWithoutHostAndARequestAfterBlankLinesAreStillForwarded() async throws {
        let origin = try await Self.okOrigin()
        let harness = try await ProxyHarness.start()
        let old = try await RawConnection.exchange(port: harness.port, "GET http://127.0.0.1:\(origin.port)/ HTTP/1.0\r\n\r\n")
        #expect(old.hasPrefix("HTTP/1.1 200") && old.hasSuffix("ok"), "\(old.prefix(200))")
        let padded = try await RawConnection.exchange(
            port: harness.port, "\r\nGET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(padded.hasPrefix("HTTP/1.1 200") && padded.hasSuffix("ok"), "\(padded.prefix(200))")
        #expect(origin.requests.count == 2)
        await harness.stop()
        await origin.stop()
    }

    @Test func slowAndIdleClientsAreClosedAtTheHeaderTimeoutAndCountedWhileOthersAreServed() async throws {
        let origin = try await Self.okOrigin()
        // Long enough that a busy test machine still sends the first request in time (2 s was
        // not, once, with the whole suite running in parallel on 2 cores).
        let harness = try await ProxyHarness.start { $0.headerTimeout = TimeAmount(Duration.seconds(4).scaledForTests) }
        // A kept-alive connection after one exchange.
        let kept = try await RawConnection.connect(
            port: harness.port, sending: "GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: a\r\n\r\n")
        // A slowloris: half a header section, then nothing (if the proxy has already closed it,
        // the send fails, and that is the outcome the test waits for anyway).
        let slow = try await RawConnection.connect(port: harness.port)
        try? await slow.send("GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: a\r\nX-Slow: ")
        // A client that connects and never sends anything.
        let silent = try await RawConnection.connect(port: harness.port)

        let started = ContinuousClock.now
        // Closed without an answer (a reset, when the proxy closes with unread bytes, is closed too).
        #expect(((try? await slow.readToEnd()) ?? "").isEmpty)
        #expect(((try? await silent.readToEnd()) ?? "").isEmpty)
        let keptReply = (try? await kept.readToEnd()) ?? kept.received
        #expect(keptReply.hasPrefix("HTTP/1.1 200") && keptReply.hasSuffix("ok"), "\(keptReply.prefix(200))")
        #expect(ContinuousClock.now - started < Duration.seconds(12).scaledForTests, "closed at the timeout, not when the client gave up")
        #expect(harness.proxy.headerTimeouts == 3)

        let fine = try await RawConnection.exchange(
            port: harness.port, "GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(fine.hasPrefix("HTTP/1.1 200") && fine.hasSuffix("ok"), "\(fine.prefix(200))")
        #expect(origin.requests.count == 2)
        await harness.stop()
        await origin.stop()
    }

    @Test func anUpstreamThatRefusesConnectionsGets502AndAFailedEvent() async throws {
        let harness = try await ProxyHarness.start()
        // Port 1 on loopback has no listener.
        let reply = try await RawConnection.exchange(
            port: harness.port, "GET http://127.0.0.1:1/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 502"))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.state == .failed)
        #expect(event.error?.kind == .connectionRefused)
        #expect(event.response?.status == 502)
        await harness.stop()
    }

    @Test func anUnknownHostGets502WithADNSFailure() async throws {
        let harness = try await ProxyHarness.start()
        let reply = try await RawConnection.exchange(
            port: harness.port, "GET http://no-such-host.invalid/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 502"))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.error?.kind == .dnsFailure)
        await harness.stop()
    }

    @Test func aSlowUpstreamGets504AndATimeoutEvent() async throws {
        let gate = TestGate()
        let origin = try await TestOrigin.start { _, response in
            await gate.wait()
            try? await response.send(status: .ok, body: "late")
        }
        let harness = try await ProxyHarness.start { $0.upstreamTimeout = .milliseconds(200) }
        let reply = try await RawConnection.exchange(
            port: harness.port, "GET http://127.0.0.1:\(origin.port)/slow HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        gate.open()
        #expect(reply.hasPrefix("HTTP/1.1 504"))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.state == .failed)
        #expect(event.error?.kind == .timeout)
        await harness.stop()
        await origin.stop()
    }

    @Test func twoHundredConcurrentConnectionsAreAllServedAndLogged() async throws {
        let origin = try await Self.okOrigin()
        let harness = try await ProxyHarness.start()
        let port = harness.port
        let originPort = origin.port
        let replies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await RawConnection.exchange(
                        port: port,
                        "GET http://127.0.0.1:\(originPort)/\(index) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.count == 200)
        #expect(replies.allSatisfy { $0.hasPrefix("HTTP/1.1 200") && $0.hasSuffix("ok") })
        let events = await harness.finishedEvents(count: 200)
        #expect(Set(events.map(\.request.url)).count == 200)
        #expect(events.allSatisfy { $0.state == .complete })
        await harness.stop()
        await origin.stop()
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() async throws {
        let origin = try await TestOrigin.start { request, response in
            try await response.send(status: .ok, body: "answer\(request.head.uri)")
        }
        let harness = try await ProxyHarness.start()
        let target = "http://127.0.0.1:\(origin.port)"
        let reply = try await RawConnection.exchange(
            port: harness.port,
            "GET \(target)/1 HTTP/1.1\r\nHost: a\r\n\r\nGET \(target)/2 HTTP/1.1\r\nHost: a\r\n\r\nGET \(target)/3 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let first = try #require(reply.range(of: "answer/1"))
        let second = try #require(reply.range(of: "answer/2"))
        let third = try #require(reply.range(of: "answer/3"))
        #expect(first.lowerBound < second.lowerBound && second.lowerBound < third.lowerBound)
        await harness.stop()
        await origin.stop()
    }

    @Test func theProxyRefusesToListenOnANonLoopbackAddressUnlessAllowed() async throws {
        var configuration = ProxyServer.Configuration()
        configuration.host = "0.0.0.0"
        #expect(throws: ProxyConfigurationError.self) { try configuration.validate() }
        configuration.allowRemote = true
        try configuration.validate()
    }
}
