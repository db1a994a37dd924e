import Foundation
import LoupeCore
import LoupeProxy
import LoupeRedaction
import NIOCore
import NIOPosix

/// Loupe's reverse proxy in front of a fast local origin (a child process), with capture and
/// redaction on, against the origin reached directly: requests/s and latency from `wrk`, and how
/// much later each server-sent event arrives through the proxy.
struct ProxyBenchmark: Benchmark {
    let name = "proxy"
    let summary = "reverse proxy (capture + redaction on) vs direct, load from wrk; SSE event delay"

    static let targetRequestsPerSecond = 15_000
    static let targetAddedMilliseconds = 1.0
    static let loadSeconds = 5

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        guard let wrk = Self.executable("wrk") else {
            return [Measurement(metric: "wrk", value: "not installed: run make deps")]
        }
        let origin = try OriginProcess.launch()
        defer { origin.stop() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let logger = NetworkLogger(configuration: .redacting())
        var configuration = ProxyServer.Configuration()
        configuration.port = 0
        configuration.upstream = try ProxyUpstream(parsing: "http://127.0.0.1:\(origin.port)")
        let proxy = ProxyServer(configuration: configuration, networkLogger: logger, eventLoopGroup: group)
        let proxyPort = try await proxy.start().port!

        let directURL = "http://127.0.0.1:\(origin.port)/"
        let proxyURL = "http://127.0.0.1:\(proxyPort)/"
        _ = try WrkResult.run(wrk, url: proxyURL, connections: 16, seconds: 1)  // warm-up
        let directLoad = try WrkResult.run(wrk, url: directURL, connections: 64, seconds: Self.loadSeconds)
        let proxyLoad = try WrkResult.run(wrk, url: proxyURL, connections: 64, seconds: Self.loadSeconds)
        // Latency at a light load, where it is not just queueing behind other connections.
        let directLight = try WrkResult.run(wrk, url: directURL, connections: 4, seconds: Self.loadSeconds)
        let proxyLight = try WrkResult.run(wrk, url: proxyURL, connections: 4, seconds: Self.loadSeconds)

        let directSSE = try await SSEDelay.measure(port: origin.port)
        let proxySSE = try await SSEDelay.measure(port: proxyPort)
        await proxy.flushLog()
        let stats = await logger.stats
        let dropped = proxy.droppedExchanges
        await proxy.shutdown(gracePeriod: .milliseconds(200))
        try await group.shutdownGracefully()

        let addedP50 = proxyLight.p50 - directLight.p50
        let addedSSE = proxySSE.p50 - directSSE.p50
        let rps = Int(proxyLoad.requestsPerSecond)
        func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }
        return [
            Measurement(metric: "direct requests/s (64 conns)", value: Format.grouped(Int(directLoad.requestsPerSecond))),
            .judged("proxied requests/s (64 conns)", Format.grouped(rps), target: ">= \(Format.grouped(Self.targetRequestsPerSecond))",
                    meets: rps >= Self.targetRequestsPerSecond),
            Measurement(metric: "direct p50 / p99 (64 conns)", value: "\(ms(directLoad.p50)) / \(ms(directLoad.p99))"),
            Measurement(metric: "proxied p50 / p99 (64 conns)", value: "\(ms(proxyLoad.p50)) / \(ms(proxyLoad.p99))"),
            Measurement(metric: "direct p50 / p99 (4 conns)", value: "\(ms(directLight.p50)) / \(ms(directLight.p99))"),
            Measurement(metric: "proxied p50 / p99 (4 conns)", value: "\(ms(proxyLight.p50)) / \(ms(proxyLight.p99))"),
            .judged("added p50 (4 conns)", ms(addedP50), target: "<= \(ms(Self.targetAddedMilliseconds))",
                    meets: addedP50 <= Self.targetAddedMilliseconds),
            Measurement(metric: "SSE delay direct p50 / p99", value: "\(ms(directSSE.p50)) / \(ms(directSSE.p99))"),
            Measurement(metric: "SSE delay proxied p50 / p99", value: "\(ms(proxySSE.p50)) / \(ms(proxySSE.p99))"),
            .judged("SSE added delay p50", ms(addedSSE), target: "<= \(ms(Self.targetAddedMilliseconds))",
                    meets: addedSSE <= Self.targetAddedMilliseconds),
            Measurement(metric: "exchanges logged (ingested)", value: Format.grouped(stats.ingested)),
            Measurement(metric: "exchanges not logged (logger behind)", value: Format.grouped(dropped)),
            Measurement(metric: "load", value: "\(Self.loadAverage()) (1-min load average, \(System.coreCount) cores)"),
        ]
    }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
    }
}

/// Requests/s and latency percentiles parsed from `wrk --latency`.
struct WrkResult {
    var requestsPerSecond: Double
    /// Milliseconds.
    var p50: Double
    var p99: Double

    static func run(_ wrk: String, url: String, connections: Int, seconds: Int) throws -> WrkResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let result = parse(output) else { throw BenchmarkError("could not read wrk's output:\n\(output)") }
        return result
    }

    static func parse(_ output: String) -> WrkResult? {
        var rps: Double?
        var percentiles: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count == 2 { rps = Double(fields[1]) }
            if fields.count == 2, fields[0].hasSuffix("%"), let value = milliseconds(fields[1]) {
                percentiles[String(fields[0])] = value
            }
        }
        guard let rps, let p50 = percentiles["50%"], let p99 = percentiles["99%"] else { return nil }
        return WrkResult(requestsPerSecond: rps, p50: p50, p99: p99)
    }

    /// `812.00us`, `1.20ms`, `2.00s` in milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        for (unit, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * factor }
        }
        return nil
    }
}

/// How long after the origin sent it each server-sent event reaches a client.
enum SSEDelay {
    /// Streams `/sse` from `port` and returns the p50 and p99 delay in milliseconds.
    static func measure(port: Int) async throws -> (p50: Double, p99: Double) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        var delays: [Double] = []
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET /sse HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"))
            var pending = ""
            for try await chunk in inbound {
                let arrived = BenchOrigin.now()
                pending += String(buffer: chunk)
                while let range = pending.range(of: "data: ") {
                    guard let end = pending[range.upperBound...].firstIndex(of: "\n") else { break }
                    if let sent = UInt64(pending[range.upperBound..<end]) {
                        delays.append(Double(arrived &- sent) / 1_000_000)
                    }
                    pending = String(pending[end...])
                }
                if delays.count >= BenchOrigin.sseEventCount { break }
            }
        }
        guard !delays.isEmpty else { throw BenchmarkError("no server-sent events arrived from port \(port)") }
        delays.sort()
        return (delays[delays.count / 2], delays[min(delays.count - 1, delays.count * 99 / 100)])
    }
}

/// The benchmark origin running as a child process of `loupe-bench`.
final class OriginProcess {
    let port: Int
    private let process: Process
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// Starts `loupe-bench --serve-origin` with `arguments` after it (`--tls CHAIN KEY` for HTTPS).
    static func launch(arguments: [String] = []) throws -> OriginProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = ["--serve-origin"] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw BenchmarkError("the benchmark origin did not start")
        }
        return OriginProcess(port: port, process: process, input: input)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
