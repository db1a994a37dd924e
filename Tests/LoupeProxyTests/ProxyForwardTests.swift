import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeProxy
import NIOCore
import NIOHTTP1
import Testing

/// Forward mode with real clients: AsyncHTTPClient and curl configured with the proxy.
@Suite struct ProxyForwardTests {
    /// An origin that echoes what it received: method, target, the headers it got, and the body.
    static func echoOrigin() async throws -> TestOrigin {
        try await TestOrigin.start { request, response in
            switch request.head.uri {
            case "/secret":
                try await response.send(status: .ok, headers: ["content-type": "application/json"],
                                        body: #"{"access_token":"tok-123456789","user":"ann@example.com"}"#)
            default:
                let headers = request.head.headers.map { "\($0.name.lowercased()): \($0.value)" }.joined(separator: "\n")
                try await response.send(
                    status: .ok, headers: ["content-type": "text/plain", "connection": "keep-alive, x-hop", "x-hop": "1"],
                    body: "\(request.head.method) \(request.head.uri)\n\(headers)\n\n\(request.body)")
            }
        }
    }

    @Test func anAbsoluteFormRequestIsForwardedWithIntermediaryHeaderRulesAndLoggedRedacted() async throws {
        let origin = try await Self.echoOrigin()
        let harness = try await ProxyHarness.start()
        let reply = try await RawConnection.exchange(port: harness.port, """
            GET http://127.0.0.1:\(origin.port)/hello?x=1 HTTP/1.1\r
            Host: wrong.example\r
            Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123456789\r
            Proxy-Connection: keep-alive\r
            Connection: x-private, close\r
            X-Private: hop-by-hop\r
            \r

            """)
        let (head, body) = try #require(Self.split(reply))
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(body.hasPrefix("GET /hello?x=1\n"))
        #expect(body.contains("via: 1.1 loupe"))
        #expect(body.contains("host: 127.0.0.1:\(origin.port)"), "Host is regenerated from the absolute-form target")
        #expect(!body.contains("x-private") && !body.contains("proxy-connection"), "hop-by-hop headers are removed")
        #expect(head.lowercased().contains("via: 1.1 loupe"))
        #expect(!head.lowercased().contains("x-hop"), "response headers named in Connection are removed")

        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.source == .proxyForward)
        #expect(event.state == .complete)
        #expect(event.request.url == "http://127.0.0.1:\(origin.port)/hello?x=1")
        #expect(event.response?.status == 200)
        #expect(event.response?.body?.text?.hasPrefix("GET /hello") == true)
        let authorization = try #require(event.request.headers["authorization"])
        #expect(authorization.hasPrefix("Bearer [REDACTED"), "stored redacted: \(authorization)")
        #expect(event.timings.ttfb != nil && event.timings.total != nil)
        await harness.stop()
        await origin.stop()
    }

    @Test func asyncHTTPClientConfiguredWithTheProxyTunnelsThroughConnectAndTheTunnelIsLogged() async throws {
        let origin = try await Self.echoOrigin()
        let harness = try await ProxyHarness.start { $0.connectPorts = [origin.port] }
        let (status, body) = try await withHTTPClient(.init(proxy: .server(host: "127.0.0.1", port: harness.port))) { client in
            let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(origin.port)/via-ahc"),
                                                    timeout: .seconds(10))
            return (response.status, String(buffer: try await response.body.collect(upTo: 1 << 20)))
        }
        #expect(status == .ok)
        #expect(body.hasPrefix("GET /via-ahc\n"))
        await harness.proxy.shutdown(gracePeriod: .milliseconds(200))  // closes the kept-alive tunnel
        let event = try #require(await harness.logger.snapshot().first)
        #expect(event.source == .tunnel)
        #expect(event.tunnel?.port == origin.port)
        #expect((event.tunnel?.bytesUp ?? 0) > 0 && (event.tunnel?.bytesDown ?? 0) > 0)
        await origin.stop()
    }

    /// Splits a raw reply into its head and body.
    static func split(_ reply: String) -> (String, String)? {
        guard let range = reply.range(of: "\r\n\r\n") else { return nil }
        return (String(reply[..<range.lowerBound]), String(reply[range.upperBound...]))
    }

    @Test(.enabled(if: curlIsInstalled)) func curlThroughTheProxyPostsABodyAndSecretsAreRedactedInTheLog() async throws {
        let origin = try await Self.echoOrigin()
        let harness = try await ProxyHarness.start()
        let post = try #require(try await runCurl([
            "-x", "http://127.0.0.1:\(harness.port)", "-d", #"{"password":"hunter2-secret","note":"hi"}"#,
            "-H", "Content-Type: application/json", "http://127.0.0.1:\(origin.port)/echo",
        ]))
        #expect(post.status == 0)
        #expect(post.output.contains("POST /echo"))
        #expect(post.output.contains("hunter2-secret"), "the origin gets the body unchanged")
        let secret = try #require(try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "http://127.0.0.1:\(origin.port)/secret"]))
        #expect(secret.output.contains("tok-123456789"))

        let events = await harness.finishedEvents(count: 2)
        #expect(events.count == 2)
        let logged = try JSONEncoder().encode(events)
        let text = String(decoding: logged, as: UTF8.self)
        #expect(!text.contains("hunter2-secret"))
        #expect(!text.contains("tok-123456789"))
        #expect(!text.contains("ann@example.com"))
        #expect(events[0].request.method == "POST")
        #expect(events[0].request.body?.contentType == "application/json")
        await harness.stop()
        await origin.stop()
    }

    @Test func aHEADResponseHasNoBodyAndTheConnectionStaysUsable() async throws {
        let origin = try await TestOrigin.start { request, response in
            if request.head.method == .HEAD {
                try await response.send(status: .ok, headers: ["content-type": "text/plain", "content-length": "1234"])
            } else {
                try await response.send(status: .ok, body: "after")
            }
        }
        let harness = try await ProxyHarness.start()
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send("HEAD http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: x\r\n\r\n")
        try await connection.read(until: "\r\n\r\n")
        #expect(connection.received.hasPrefix("HTTP/1.1 200"))
        try await connection.send("GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let all = try await connection.readToEnd()
        #expect(all.hasSuffix("after"), "the HEAD response carried no body, so the next response follows it: \(all)")
        await harness.stop()
        await origin.stop()
    }

    @Test func expectContinueGetsA100AndTheBodyIsForwarded() async throws {
        let origin = try await Self.echoOrigin()
        let harness = try await ProxyHarness.start()
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send("POST http://127.0.0.1:\(origin.port)/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
        try await connection.read(until: "100 Continue\r\n\r\n")
        try await connection.send("hello")
        let all = try await connection.readToEnd()
        #expect(all.contains("HTTP/1.1 200"))
        #expect(all.hasSuffix("\n\nhello"))
        #expect(!all.contains("expect:"), "the expectation is met by the proxy, not forwarded")
        await harness.stop()
        await origin.stop()
    }

    @Test func maxForwardsZeroIsAnsweredByTheProxyAndOtherwiseDecremented() async throws {
        let origin = try await Self.echoOrigin()
        let harness = try await ProxyHarness.start()
        let local = try await RawConnection.exchange(
            port: harness.port,
            "OPTIONS http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: x\r\nMax-Forwards: 0\r\nConnection: close\r\n\r\n")
        #expect(local.hasPrefix("HTTP/1.1 200"))
        let forwarded = try await RawConnection.exchange(
            port: harness.port,
            "TRACE http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: x\r\nMax-Forwards: 3\r\nConnection: close\r\n\r\n")
        #expect(forwarded.contains("max-forwards: 2"))
        #expect(origin.requests.count == 1)
        await harness.stop()
        await origin.stop()
    }

    @Test func aRequestAddressedToTheProxyItselfIsRefused() async throws {
        let harness = try await ProxyHarness.start()
        let reply = try await RawConnection.exchange(
            port: harness.port, "GET http://127.0.0.1:\(harness.port)/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 508"))
        await harness.stop()
    }
}
