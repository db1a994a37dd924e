import ChatBackend
import Foundation
import LoupeClient
import LoupeCore
import LoupeProxy
import LoupeRedaction
import Testing

/// The sample backend's `/ws` (hummingbird-websocket) behind Loupe's reverse proxy, driven by
/// LoupeClient's ``WebSocketClient``: the same conversation logged by both, redacted, message by
/// message.
@Suite struct WebSocketThroughProxyTests {
    static let secret = "ghp_" + String(repeating: "a1B2c3D4e5", count: 4).prefix(36)

    /// Runs `body` with the port of a reverse proxy in front of a running sample backend.
    static func withProxiedBackend(_ body: @Sendable (Int, NetworkLogger) async throws -> Void) async throws {
        try await ChatBackend().withRunningServer { backendPort in
            let proxyLog = NetworkLogger(configuration: .redacting())
            var configuration = ProxyServer.Configuration()
            configuration.port = 0
            configuration.upstream = try ProxyUpstream(parsing: "http://127.0.0.1:\(backendPort)")
            let proxy = ProxyServer(configuration: configuration, networkLogger: proxyLog)
            let port = try await proxy.start().port ?? 0
            do {
                try await body(port, proxyLog)
            } catch {
                await proxy.shutdown(gracePeriod: .seconds(1))
                throw error
            }
            await proxy.shutdown(gracePeriod: .seconds(1))
        }
    }

    /// The first WebSocket event of `logger` once it is final (the proxy logs in batches).
    static func finishedSocket(in logger: NetworkLogger) async -> NetworkEvent? {
        for _ in 0..<200 {
            if let event = await logger.snapshot().first(where: { $0.isWebSocket && $0.state.isFinal }) { return event }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    @Test(arguments: [true, false])
    func aConversationIsEchoedAndLoggedRedactedOnBothSides(compression: Bool) async throws {
        try await Self.withProxiedBackend { port, proxyLog in
            let clientLog = NetworkLogger(configuration: .redacting())
            var configuration = WebSocketClient.Configuration()
            configuration.compression = compression
            let client = WebSocketClient(url: "ws://127.0.0.1:\(port)/ws", configuration: configuration,
                                         networkLogger: clientLog)
            let long = String(repeating: "chunk of a long reply ", count: 20_000)
            let close = try await client.connect { socket in
                try await socket.send(#"{"type":"auth","token":"\#(Self.secret)"}"#)
                #expect(try await socket.receive() == .text(#"{"type":"auth","token":"\#(Self.secret)"}"#))
                try await socket.send([0, 1, 2, 3])
                #expect(try await socket.receive() == .binary([0, 1, 2, 3]))
                try await socket.send(long)
                #expect(try await socket.receive() == .text(long))
            }
            #expect(close?.code == 1000)
            #expect(close?.by == .up)

            for logger in [clientLog, proxyLog] {
                let event = try #require(await Self.finishedSocket(in: logger))
                let log = try #require(event.webSocket)
                #expect(event.response?.status == 101)
                #expect(log.messages.map(\.direction) == [.up, .down, .up, .down, .up, .down])
                #expect(log.messages.map(\.opcode) == [.text, .text, .binary, .binary, .text, .text])
                #expect(log.messages[0].text == #"{"type":"auth","token":"[REDACTED:json-key]"}"#)
                #expect(log.messages[2].sha256 == "054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8")
                #expect(log.messages[4].size == long.utf8.count)
                #expect(log.close?.code == 1000)
                #expect(event.state == .complete)
                let json = String(decoding: try JSONEncoder.loupe().encode(event), as: UTF8.self)
                #expect(!json.contains(Self.secret))
            }
            let proxied = try #require(await Self.finishedSocket(in: proxyLog)?.webSocket)
            #expect(!proxied.messages[4].truncated)  // 440 kB, under the proxy's 1 MiB capture limit
            #expect(proxied.messages.contains { $0.compressed } == compression)
            #expect(proxied.close?.by == .up)
        }
    }

    @Test func theServerClosingIsLoggedWithItsCodeAndReason() async throws {
        try await Self.withProxiedBackend { port, proxyLog in
            let client = WebSocketClient(url: "ws://127.0.0.1:\(port)/ws")
            let close = try await client.connect { socket in
                try await socket.send("close")
                #expect(try await socket.receive() == nil)
            }
            #expect(close?.code == 1000)
            #expect(close?.reason == "bye")
            #expect(close?.by == .down)
            let event = try #require(await Self.finishedSocket(in: proxyLog))
            #expect(event.webSocket?.close == WebSocketLog.Close(code: 1000, reason: "bye", by: .down))
            #expect(event.webSocket?.messages.map(\.text) == ["close"])
        }
    }

    @Test func aRefusedConnectionIsAFailedEventAndAnError() async throws {
        let clientLog = NetworkLogger(configuration: .redacting())
        let client = WebSocketClient(url: "ws://127.0.0.1:1/ws?token=\(Self.secret)", networkLogger: clientLog)
        await #expect(throws: WebSocketClientFailure.self) { try await client.connect { _ in } }
        let event = try #require(await clientLog.snapshot().first)
        #expect(event.state == .failed)
        #expect(event.error?.message.contains("ws://127.0.0.1:1/ws") == true)
        let json = String(decoding: try JSONEncoder.loupe().encode(event), as: UTF8.self)
        #expect(!json.contains(Self.secret))
    }
}
