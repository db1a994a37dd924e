import ChatBackend
import Foundation
import LoupeClient
import Synchronization

/// One WebSocket connection to the sample backend's `/ws` echo, direct and through the release
/// `loupe proxy` (capture on, every message logged and redacted), side by side: the round-trip
/// time of one message at a time, and messages per second with a window of messages in flight.
struct WebSocketBenchmark: Benchmark {
    let name = "websocket"
    let summary = "one WebSocket to the sample backend's /ws echo, direct vs through loupe proxy with capture on"

    static let latencyMessages = 2_000
    static let throughputMessages = 20_000
    static let window = 100
    static let warmUpMessages = 500
    static let targetAddedMilliseconds = 1.0

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let count = options.events ?? Self.throughputMessages
        return try await ChatBackend().withRunningServer { backendPort in
            let proxy = try LoupeProxyProcess.launch(arguments: [
                "--upstream", "http://127.0.0.1:\(backendPort)", "--quiet", "--max-ws-messages", String(count * 2 + 10),
            ])
            defer { _ = proxy.stop() }
            let direct = try await Self.measure(url: "ws://127.0.0.1:\(backendPort)/ws", count: count)
            let proxied = try await Self.measure(url: "ws://127.0.0.1:\(proxy.port)/ws", count: count)
            let added = proxied.p50 - direct.p50
            return [
                Measurement(metric: "round trip p50, direct / proxied",
                            value: String(format: "%.3f ms / %.3f ms", direct.p50, proxied.p50)),
                Measurement(metric: "round trip p99, direct / proxied",
                            value: String(format: "%.3f ms / %.3f ms", direct.p99, proxied.p99)),
                .judged("added latency per message, p50", String(format: "%.3f ms", added),
                        target: "<= \(Self.targetAddedMilliseconds) ms", meets: added <= Self.targetAddedMilliseconds),
                Measurement(metric: "messages/s (window \(Self.window)), direct",
                            value: Format.grouped(Int(direct.messagesPerSecond))),
                Measurement(metric: "messages/s (window \(Self.window)), proxied, capture on",
                            value: Format.grouped(Int(proxied.messagesPerSecond))
                                + String(format: " (%.2f× direct)", proxied.messagesPerSecond / max(direct.messagesPerSecond, 1))),
            ]
        }
    }

    struct Figures: Sendable {
        var p50: Double
        var p99: Double
        var messagesPerSecond: Double
    }

    /// A chat-delta-like message with something for the rules to find now and then.
    static func message(_ number: Int) -> String {
        let extra = number.isMultiple(of: 10) ? #","contact":"ann@example.com""# : ""
        return #"{"type":"delta","seq":\#(number),"text":"the quick brown fox jumps over the lazy dog \#(number)"\#(extra)}"#
    }

    static func measure(url: String, count: Int) async throws -> Figures {
        let window = window, latencyMessages = latencyMessages, warmUpMessages = warmUpMessages
        var configuration = WebSocketClient.Configuration()
        configuration.compression = false
        let result = Mutex<Figures?>(nil)
        try await WebSocketClient(url: url, configuration: configuration).connect { socket in
            let clock = ContinuousClock()
            // Warm-up, not timed: first connections, allocations and JIT-compiled rules.
            for number in 0..<warmUpMessages {
                try await socket.send(message(number))
                _ = try await socket.receive()
            }
            var times: [Double] = []
            times.reserveCapacity(latencyMessages)
            for number in 0..<latencyMessages {
                let started = clock.now
                try await socket.send(message(number))
                guard try await socket.receive() != nil else { throw BenchmarkError("The echo server closed early.") }
                times.append((clock.now - started).seconds * 1000)
            }
            times.sort()
            let started = clock.now
            var sent = 0
            while sent < count {
                let batch = min(window, count - sent)
                for offset in 0..<batch { try await socket.send(message(sent + offset)) }
                for _ in 0..<batch {
                    guard try await socket.receive() != nil else { throw BenchmarkError("The echo server closed early.") }
                }
                sent += batch
            }
            let rate = Double(count) / max((clock.now - started).seconds, 1e-9)
            result.withLock {
                $0 = Figures(p50: times[times.count / 2], p99: times[times.count * 99 / 100], messagesPerSecond: rate)
            }
        }
        guard let figures = result.withLock({ $0 }) else { throw BenchmarkError("The WebSocket run measured nothing.") }
        return figures
    }
}
