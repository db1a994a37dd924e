import Foundation
import LoupeCore
import NIOCore
import TestServerSupport

/// A stand-in for the log API on 127.0.0.1 (a free port, or a given one to simulate a restart):
/// `GET /v1/events?limit=N` answers the current snapshot, `GET /v1/events/stream` runs the test's
/// script for that feed connection and closes the connection when the script returns.
final class ScriptedLogAPI: Sendable {
    /// Writes server-sent events on one feed connection.
    struct Feed: Sendable {
        fileprivate let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

        /// Sends one SSE event of `type` with `data` (a single line).
        func send(_ type: String, _ data: String) async throws {
            try await outbound.write(ByteBuffer(string: "event: \(type)\ndata: \(data)\n\n"))
        }

        /// Sends `event` as an `added` or `updated` change.
        func send(_ type: String, event: NetworkEvent) async throws {
            try await send(type, String(decoding: try JSONEncoder.loupe().encode(event), as: UTF8.self))
        }
    }

    typealias Script = @Sendable (Feed) async throws -> Void

    actor State {
        var snapshot: [NetworkEvent] = []
        var targets: [String] = []
        var feeds = 0

        func setSnapshot(_ events: [NetworkEvent]) { snapshot = events }
        func record(_ target: String) { targets.append(target) }
        func nextFeed() -> Int {
            feeds += 1
            return feeds - 1
        }
    }

    let port: Int
    let state: State
    private let connections: AcceptLoop<NIOAsyncChannel<ByteBuffer, ByteBuffer>>

    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, state: State, connections: AcceptLoop<NIOAsyncChannel<ByteBuffer, ByteBuffer>>) {
        self.port = port
        self.state = state
        self.connections = connections
    }

    /// Starts a server whose feed connection `n` runs `feeds(n)`.
    static func start(port: Int = 0, snapshot: [NetworkEvent],
                      feeds: @escaping @Sendable (Int) -> Script) async throws -> ScriptedLogAPI {
        let state = State()
        await state.setSnapshot(snapshot)
        let connections = try await AcceptLoop.start(port: port) { channel in
            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        } handle: { child, _ in
            await handle(child, state: state, feeds: feeds)
        }
        return ScriptedLogAPI(port: connections.port, state: state, connections: connections)
    }

    /// Closes the listening socket and every connection.
    func stop() async {
        await connections.stop()
    }

    private static func handle(_ child: NIOAsyncChannel<ByteBuffer, ByteBuffer>, state: State,
                               feeds: @escaping @Sendable (Int) -> Script) async {
        try? await child.executeThenClose { inbound, outbound in
            var received = ""
            var iterator = inbound.makeAsyncIterator()
            while !received.contains("\r\n\r\n") {
                guard let chunk = try await iterator.next() else { return }
                received += String(buffer: chunk)
            }
            let target = received.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? ""
            await state.record(target)
            if target.hasPrefix("/v1/events/stream") {
                try await outbound.write(ByteBuffer(string:
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"))
                let script = feeds(await state.nextFeed())
                // The script runs while this task reads, so a client hanging up ends the script and
                // a script returning closes the connection.
                let channel = child.channel
                let scriptTask = Task {
                    try? await script(Feed(outbound: outbound))
                    try? await channel.close()
                }
                while (try? await iterator.next()) != nil {}
                scriptTask.cancel()
                await scriptTask.value
            } else if target.hasPrefix("/v1/events") {
                let body = try JSONEncoder.loupe().encode(await state.snapshot)
                try await outbound.write(ByteBuffer(string:
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"))
                try await outbound.write(ByteBuffer(bytes: body))
            } else {
                try await outbound.write(ByteBuffer(string: "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
            }
        }
    }
}

/// Whether `condition` holds within `timeout` (scaled for sanitizer runs), polled every 10 ms. The
/// timeout is generous: it only matters when the condition never holds, and a busy 2-core machine
/// running the whole suite can delay a healthy condition by tens of seconds.
func eventually(timeout: Duration = .seconds(60), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout.scaledForTests
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
