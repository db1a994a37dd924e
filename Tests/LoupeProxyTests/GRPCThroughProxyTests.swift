import Crypto
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import LoupeCore
import LoupeProxy
import Testing
import TestServerSupport

/// A real grpc-swift 2 client and server (``GRPCEchoService``) talking through a reverse proxy, the
/// client speaking h2c with prior knowledge to the proxy and the proxy h2c to the server.
///
/// Every RPC shape reaches the other side intact and in order, each call is one logged HTTP/2
/// exchange whose `grpc-status` trailer and message log (``NetworkEvent/grpc``) match what was
/// sent, and no message bytes reach the log. (grpc-swift 2 needs macOS 15; a suite cannot be
/// marked `@available`, so each test is.)
@Suite(.serialized, .timeLimit(.minutes(1))) struct GRPCThroughProxyTests {
    @available(macOS 15.0, *)
    @Test func aUnaryCallIsOneHTTP2ExchangeWithAnOKTrailerAndNoMessageBytesInTheLog() async throws {
        let secret = "password=hunter2-Sup3rS3cret"
        let (reply, events) = try await withEchoServiceBehindProxy { client, harness in
            let reply = try await client.unary(GRPCEchoService.get, secret)
            return (reply, await harness.finishedEvents(count: 1))
        }

        #expect(reply == "echo: \(secret)")
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.state == .complete)
        #expect(event.source == .proxyReverse)
        #expect(event.isGRPC)
        #expect(event.request.method == "POST")
        #expect(event.request.httpVersion == "HTTP/2")
        #expect(event.request.url.hasSuffix("/echo.Echo/Get"))
        #expect(event.response?.httpVersion == "HTTP/2")
        #expect(event.response?.status == 200)
        #expect(event.response?.trailers?["grpc-status"] == "0")
        let json = String(decoding: try JSONEncoder.loupe().encode(event), as: UTF8.self)
        #expect(!json.contains(secret))
        #expect(!json.contains("Sup3rS3cret"))

        // The message log: one message each way, described by size and digest only.
        let requestBytes = Array(secret.utf8)
        let up = try #require(event.grpc?.messages.filter { $0.direction == .up })
        #expect(up.map(\.size) == [requestBytes.count])
        #expect(up.map(\.compressed) == [false])
        #expect(up.map(\.sha256) == [SHA256.hash(data: requestBytes).lowercaseHex])
        #expect(event.grpc?.messages.filter { $0.direction == .down }.map(\.size) == ["echo: \(secret)".utf8.count])
        #expect(event.grpc?.status == 0)
    }

    @available(macOS 15.0, *)
    @Test func aServerStreamingCallDeliversEveryResponseMessageInOrder() async throws {
        let words = ["one", "two", "three", "four", "five"]
        let (received, events) = try await withEchoServiceBehindProxy { client, harness in
            let received = try await client.serverStreaming(
                request: ClientRequest(message: words.joined(separator: " ")), descriptor: GRPCEchoService.expand,
                serializer: UTF8MessageSerializer(), deserializer: UTF8MessageDeserializer(), options: .bounded
            ) { response in
                try await response.messages.reduce(into: [String]()) { $0.append($1) }
            }
            return (received, await harness.finishedEvents(count: 1))
        }

        #expect(received == words)
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.state == .complete)
        #expect(event.request.url.hasSuffix("/echo.Echo/Expand"))
        #expect(event.response?.trailers?["grpc-status"] == "0")
        #expect(event.grpc?.messages.filter { $0.direction == .up }.count == 1)
        #expect(event.grpc?.messages.filter { $0.direction == .down }.map(\.size) == words.map(\.utf8.count))
        #expect(event.grpc?.messages.filter { $0.direction == .down }.map(\.sha256)
                == words.map { SHA256.hash(data: Array($0.utf8)).lowercaseHex })
        #expect(event.grpc?.status == 0)
    }

    @available(macOS 15.0, *)
    @Test func aClientStreamingCallDeliversEveryRequestMessageInOrder() async throws {
        let messages = ["alpha", "beta", "gamma"]
        let (reply, events) = try await withEchoServiceBehindProxy { client, harness in
            let reply = try await client.clientStreaming(
                request: StreamingClientRequest(of: String.self) { writer in try await writer.write(contentsOf: messages) },
                descriptor: GRPCEchoService.collect,
                serializer: UTF8MessageSerializer(), deserializer: UTF8MessageDeserializer(), options: .bounded
            ) { response in try response.message }
            return (reply, await harness.finishedEvents(count: 1))
        }

        #expect(reply == "alpha,beta,gamma")
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.state == .complete)
        #expect(event.request.url.hasSuffix("/echo.Echo/Collect"))
        #expect(event.response?.trailers?["grpc-status"] == "0")
        #expect(event.grpc?.messages.filter { $0.direction == .up }.map(\.size) == messages.map(\.utf8.count))
        #expect(event.grpc?.messages.filter { $0.direction == .down }.count == 1)
        #expect(event.grpc?.status == 0)
    }

    /// Each request message is written only once the reply to the previous one has arrived, so
    /// the call completes only if the proxy relays every message as it comes, both ways, rather
    /// than holding a stream back until it ends.
    @available(macOS 15.0, *)
    @Test func aBidirectionalCallRelaysEachMessageLiveBothWays() async throws {
        let messages = ["ping 1", "ping 2", "ping 3"]
        let (received, events) = try await withEchoServiceBehindProxy { client, harness in
            let (replies, replyArrived) = AsyncStream.makeStream(of: Void.self)
            let request = StreamingClientRequest(of: String.self) { writer in
                var arrivals = replies.makeAsyncIterator()
                for message in messages {
                    try await writer.write(message)
                    guard await arrivals.next() != nil else { return }
                }
            }
            let received = try await client.bidirectionalStreaming(
                request: request, descriptor: GRPCEchoService.chat,
                serializer: UTF8MessageSerializer(), deserializer: UTF8MessageDeserializer(), options: .bounded
            ) { response in
                defer { replyArrived.finish() }
                var received: [String] = []
                for try await message in response.messages {
                    received.append(message)
                    replyArrived.yield()
                }
                return received
            }
            return (received, await harness.finishedEvents(count: 1))
        }

        #expect(received == messages.map { "echo: \($0)" })
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.state == .complete)
        #expect(event.request.url.hasSuffix("/echo.Echo/Chat"))
        #expect(event.response?.trailers?["grpc-status"] == "0")
        // Alternating, as the conversation went.
        #expect(event.grpc?.messages.map(\.direction) == [.up, .down, .up, .down, .up, .down])
        #expect(event.grpc?.status == 0)
    }

    @available(macOS 15.0, *)
    @Test func aHundredConcurrentCallsShareOneConnectionAndAreEachLoggedComplete() async throws {
        let calls = 100
        let (replies, openConnections, events) = try await withEchoServiceBehindProxy { client, harness in
            let replies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<calls {
                    group.addTask { try await client.unary(GRPCEchoService.get, "call \(index)") }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            // Read while the client is still connected: its calls were multiplexed on one connection.
            let openConnections = harness.proxy.openConnections
            return (replies, openConnections, await harness.finishedEvents(count: calls))
        }

        #expect(replies.count == calls)
        #expect(Set(replies) == Set((0..<calls).map { "echo: call \($0)" }))
        #expect(openConnections == 1)
        #expect(events.count == calls)
        #expect(events.filter { $0.state == .complete }.count == calls)
        #expect(events.filter { $0.request.httpVersion == "HTTP/2" && $0.response?.httpVersion == "HTTP/2" }.count == calls)
        #expect(events.filter { $0.response?.trailers?["grpc-status"] == "0" }.count == calls)
        #expect(events.filter { $0.request.url.hasSuffix("/echo.Echo/Get") }.count == calls)
        #expect(events.filter { $0.grpc?.status == 0 }.count == calls)
    }

    @available(macOS 15.0, *)
    @Test func aCallTheServerFailsReachesTheClientAsNotFoundWithTheStatusInTheTrailers() async throws {
        let (error, events) = try await withEchoServiceBehindProxy { client, harness in
            let error = await #expect(throws: RPCError.self) {
                try await client.unary(GRPCEchoService.find, "the thing")
            }
            return (error, await harness.finishedEvents(count: 1))
        }

        #expect(error?.code == .notFound)
        #expect(error?.message == "no such thing")
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.state == .complete)
        #expect(event.response?.status == 200)
        #expect(event.response?.headers["grpc-status"] == nil, "the headers went out before the failure")
        #expect(event.response?.trailers?["grpc-status"] == "5")
        #expect(event.grpc?.messages.filter { $0.direction == .up }.count == 1)
        #expect(event.grpc?.messages.filter { $0.direction == .down }.isEmpty == true)
        #expect(event.grpc?.status == 5)
        #expect(event.grpc?.statusMessage == "no such thing")
    }

    /// A server that fails before sending anything answers with one HEADERS frame that ends the
    /// stream and carries `grpc-status` (a trailers-only response); the client must still see
    /// that status, which it cannot if the proxy splits the frame into headers and an empty DATA
    /// frame that ends the stream.
    @available(macOS 15.0, *)
    @Test func aTrailersOnlyFailureIsLoggedWithTheStatusFromTheResponseHeaders() async throws {
        let (error, events) = try await withEchoServiceBehindProxy { client, harness in
            let error = await #expect(throws: RPCError.self) {
                try await client.unary(GRPCEchoService.reject, "let me in")
            }
            return (error, await harness.finishedEvents(count: 1))
        }

        #expect(error?.code == .permissionDenied)
        #expect(error?.message == "not yours")
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.state == .complete)
        #expect(event.response?.status == 200)
        #expect(event.response?.headers["grpc-status"] == "7")
        #expect(event.grpc?.messages.filter { $0.direction == .down }.isEmpty == true)
        #expect(event.grpc?.status == 7)
        #expect(event.grpc?.statusMessage == "not yours")
    }

    /// Runs `body` with a gRPC client connected to a reverse proxy in front of a
    /// ``GRPCEchoService`` server (both on 127.0.0.1, free ports), then shuts the client, the proxy
    /// and the server down however `body` ends.
    @available(macOS 15.0, *)
    private func withEchoServiceBehindProxy<T: Sendable>(
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>, ProxyHarness) async throws -> T
    ) async throws -> T {
        try await withGRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
            services: [GRPCEchoService()]
        ) { server in
            let origin = try #require(try await server.transport.listeningAddress.ipv4)
            let harness = try await ProxyHarness.start {
                $0.upstream = try! ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
            }
            do {
                let result = try await withGRPCClient(
                    transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: harness.port),
                                              transportSecurity: .plaintext)
                ) { client in try await body(client, harness) }
                await harness.stop()
                return result
            } catch {
                await harness.stop()
                throw error
            }
        }
    }
}

@available(macOS 15.0, *)
extension CallOptions {
    /// The defaults with a deadline, so a call the proxy stalls fails instead of hanging the suite.
    static var bounded: CallOptions {
        var options = CallOptions.defaults
        options.timeout = Duration.seconds(10).scaledForTests
        return options
    }
}

@available(macOS 15.0, *)
extension GRPCClient {
    /// A unary call to a ``GRPCEchoService`` method: `message` up, the reply (or its error) back.
    func unary(_ method: MethodDescriptor, _ message: String) async throws -> String {
        try await unary(request: ClientRequest(message: message), descriptor: method,
                        serializer: UTF8MessageSerializer(), deserializer: UTF8MessageDeserializer(),
                        options: .bounded) { response in try response.message }
    }
}
