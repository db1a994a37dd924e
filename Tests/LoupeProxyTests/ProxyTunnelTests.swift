import Foundation
import LoupeCore
import LoupeProxy
import Testing

/// CONNECT tunnels: bytes pass through untouched and the tunnel is logged with its counts.
@Suite struct ProxyTunnelTests {
    @Test(.enabled(if: curlIsInstalled)) func curlTunnelsThroughConnectAndTheTunnelIsLoggedWithByteCounts() async throws {
        let origin = try await TestOrigin.start { _, response in
            try await response.send(status: .ok, body: "inside the tunnel")
        }
        let harness = try await ProxyHarness.start { $0.connectPorts = [origin.port] }
        let result = try #require(try await runCurl(["-p", "-x", "http://127.0.0.1:\(harness.port)",
                                               "http://127.0.0.1:\(origin.port)/t"]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "inside the tunnel")

        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.source == .tunnel)
        #expect(event.state == .complete)
        #expect(event.request.method == "CONNECT")
        #expect(event.tunnel?.host == "127.0.0.1")
        #expect(event.tunnel?.port == origin.port)
        #expect((event.tunnel?.bytesUp ?? 0) > 20, "the tunnelled request was counted")
        #expect((event.tunnel?.bytesDown ?? 0) > 20, "the tunnelled response was counted")
        #expect(event.timings.total != nil)
        await harness.stop()
        await origin.stop()
    }

    @Test func bytesSentRightAfterTheConnectHeadReachTheServer() async throws {
        let origin = try await TestOrigin.start { request, response in
            try await response.send(status: .ok, body: "got \(request.head.uri)")
        }
        let harness = try await ProxyHarness.start { $0.connectPorts = [origin.port] }
        // The tunnelled request is sent in the same write as CONNECT, before the 200 arrives.
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send(
            "CONNECT 127.0.0.1:\(origin.port) HTTP/1.1\r\nHost: 127.0.0.1:\(origin.port)\r\n\r\nGET /early HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try await connection.read(until: "got /early"))
        #expect(connection.received.hasPrefix("HTTP/1.1 200 Connection Established\r\n"))
        await connection.close()
        await harness.stop()
        await origin.stop()
    }

    @Test func connectToAPortThatIsNotAllowedGets403AndAFailedTunnelEvent() async throws {
        let harness = try await ProxyHarness.start()
        let reply = try await RawConnection.exchange(
            port: harness.port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 403"))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.source == .tunnel)
        #expect(event.state == .failed)
        #expect(event.tunnel?.port == 22)
        await harness.stop()
    }
}
