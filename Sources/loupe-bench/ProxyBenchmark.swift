import Foundation
import LoupeCore
import LoupeProxy
import LoupeRedaction
import NIOCore
import NIOPosix

/// Loupe's reverse proxy in front of a fast local origin (a child process), with capture and
/// redaction on, side by side with nginx as a reverse proxy to the same origin and with the origin
/// reached directly: requests/s and latency from `wrk`, and how much later each server-sent event
/// arrives through Loupe.
struct ProxyBenchmark: Benchmark {
    let name = "proxy"
    let summary = "reverse proxy (capture + redaction on) vs nginx reverse proxy vs direct, load from wrk; SSE event delay"

    static let targetRequestsPerSecond = 15_000
    static let targetRatioToNginx = 0.6
    static let targetAddedMilliseconds = 0.5
    static let targetSSEAddedMilliseconds = 1.0
    static let loadSeconds = 5
    /// How many times each route is loaded at 64 connections (see ``run(options:)``); odd, for a median.
    static let rounds = 3
    static let connections = 64
    static let lightConnections = 4

    /// A way to the origin: straight, through nginx or through Loupe.
    private struct Route {
        var name: String
        var url: String
    }

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

        // nginx is optional: without it the rows say why and the rest still runs. As many workers
        // as Loupe has event loops (one per core): each may use every core of the machine.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-bench-nginx-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var nginx: NginxProcess?
        var nginxMissing = ""
        do {
            nginx = try await NginxProcess.launch(NginxProcess.install(), upstreamPort: origin.port,
                                                  workers: System.coreCount, folder: folder)
        } catch {
            nginxMissing = "nginx not available: \(error)"
        }
        defer { nginx?.stop() }

        var routes = [Route(name: "direct", url: "http://127.0.0.1:\(origin.port)/")]
        if let nginx { routes.append(Route(name: "nginx", url: "http://127.0.0.1:\(nginx.port)/")) }
        routes.append(Route(name: "Loupe", url: "http://127.0.0.1:\(proxyPort)/"))

        for route in routes.dropFirst() {  // warm-up
            _ = try WrkResult.run(wrk, url: route.url, connections: 16, seconds: 1)
        }
        // The load runs in rounds, each route once per round back to back, and each route's
        // figure is its median round: on a shared 2-core machine a single 5-second run of one
        // route could catch a burst of other work that the next route's run did not. The ratio to
        // nginx is the median of the rounds' own ratios, as nginx and Loupe ran seconds apart.
        var rounds: [[String: WrkResult]] = []
        // CPU microseconds per request of the proxy's own process(es): this process for Loupe
        // (wrk and the origin are other processes), the master and workers for nginx. Less
        // sensitive than requests/s to what else runs on the machine.
        var cpuSeconds: [String: Double] = [:]
        var requests: [String: Double] = [:]
        for _ in 0..<Self.rounds {
            var round: [String: WrkResult] = [:]
            for route in routes {
                let cpu: () -> Double? = switch route.name {
                case "Loupe": { ProcessCPU.seconds() }
                case "nginx": { nginx?.cpuSeconds }
                default: { nil }
                }
                let before = cpu()
                let result = try WrkResult.run(wrk, url: route.url, connections: Self.connections, seconds: Self.loadSeconds)
                round[route.name] = result
                if let before, let after = cpu() {
                    cpuSeconds[route.name, default: 0] += after - before
                    requests[route.name, default: 0] += result.requestsPerSecond * Double(Self.loadSeconds)
                }
            }
            rounds.append(round)
        }
        var cpuPerRequest: [String: Double] = [:]
        for (name, seconds) in cpuSeconds where requests[name, default: 0] > 0 {
            cpuPerRequest[name] = seconds / requests[name, default: 0] * 1_000_000
        }
        var load: [String: WrkResult] = [:]
        for route in routes {
            let results = rounds.compactMap { $0[route.name] }.sorted { $0.requestsPerSecond < $1.requestsPerSecond }
            load[route.name] = results[results.count / 2]
        }
        var light: [String: WrkResult] = [:]
        // Latency at a light load, where it is not just queueing behind other connections.
        for route in routes {
            light[route.name] = try WrkResult.run(wrk, url: route.url, connections: Self.lightConnections, seconds: Self.loadSeconds)
        }

        let directSSE = try await SSEDelay.measure(port: origin.port)
        let proxySSE = try await SSEDelay.measure(port: proxyPort)
        await proxy.flushLog()
        let stats = await logger.stats
        let dropped = proxy.droppedExchanges
        await proxy.shutdown(gracePeriod: .milliseconds(200))
        try await group.shutdownGracefully()

        let nginxSetup = nginx.map { "\($0.version), \($0.workers) workers, upstream keepalive" } ?? nginxMissing
        return rows(load: load, rounds: rounds, light: light, nginxMissing: nginxMissing)
            + cpuRows(cpuPerRequest, nginxMissing: nginxMissing)
            + sseRows(direct: directSSE, proxied: proxySSE)
            + [
                Measurement(metric: "nginx", value: nginxSetup),
                Measurement(metric: "exchanges logged (ingested)", value: Format.grouped(stats.ingested)),
                Measurement(metric: "exchanges not logged (logger behind)", value: Format.grouped(dropped)),
                Measurement(metric: "load", value: "\(Self.loadAverage()) (1-min load average, \(System.coreCount) cores)"),
            ]
    }

    private func rows(load: [String: WrkResult], rounds: [[String: WrkResult]], light: [String: WrkResult],
                      nginxMissing: String) -> [Measurement] {
        var rows: [Measurement] = []
        func side(_ label: String, _ results: [String: WrkResult], _ value: (WrkResult) -> String) {
            for name in ["direct", "nginx", "Loupe"] {
                rows.append(Measurement(metric: "\(label): \(name)", value: results[name].map(value) ?? nginxMissing))
            }
        }
        for name in ["direct", "nginx", "Loupe"] {
            let metric = "requests/s (\(Self.connections) conns, median of \(Self.rounds)): \(name)"
            guard let rps = load[name].map({ Int($0.requestsPerSecond) }) else {
                rows.append(Measurement(metric: metric, value: nginxMissing))
                continue
            }
            rows.append(name != "Loupe" ? Measurement(metric: metric, value: Format.grouped(rps))
                : .judged(metric, Format.grouped(rps), target: ">= \(Format.grouped(Self.targetRequestsPerSecond))",
                          meets: rps >= Self.targetRequestsPerSecond))
        }
        if let loupe = load["Loupe"] {
            let target = String(format: ">= %.1f×", Self.targetRatioToNginx)
            let ratios = rounds.compactMap { round -> Double? in
                guard let loupe = round["Loupe"], let nginx = round["nginx"], nginx.requestsPerSecond > 0 else { return nil }
                return loupe.requestsPerSecond / nginx.requestsPerSecond
            }
            if !ratios.isEmpty {
                let ratio = ratios.sorted()[ratios.count / 2]
                let each = ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
                rows.append(.judged("requests/s: Loupe ÷ nginx (median round)", String(format: "%.2f×", ratio) + " (rounds: \(each))",
                                    target: target, meets: ratio >= Self.targetRatioToNginx))
            } else {
                rows.append(Measurement(metric: "requests/s: Loupe ÷ nginx", value: nginxMissing, target: target))
            }
        }
        side("p50 / p99 (\(Self.connections) conns)", load) { "\(Self.ms($0.p50)) / \(Self.ms($0.p99))" }
        side("p50 / p99 (\(Self.lightConnections) conns)", light) { "\(Self.ms($0.p50)) / \(Self.ms($0.p99))" }
        if let direct = light["direct"] {
            if let loupe = light["Loupe"] {
                let added = loupe.p50 - direct.p50
                rows.append(.judged("added p50 (\(Self.lightConnections) conns): Loupe", Self.ms(added),
                                    target: "<= \(Self.ms(Self.targetAddedMilliseconds))", meets: added <= Self.targetAddedMilliseconds))
            }
            rows.append(Measurement(metric: "added p50 (\(Self.lightConnections) conns): nginx",
                                    value: light["nginx"].map { Self.ms($0.p50 - direct.p50) } ?? nginxMissing))
        }
        return rows
    }

    private func cpuRows(_ cpuPerRequest: [String: Double], nginxMissing: String) -> [Measurement] {
        let label = "proxy CPU per request (\(Self.connections) conns)"
        var rows = ["nginx", "Loupe"].map { name in
            Measurement(metric: "\(label): \(name)", value: cpuPerRequest[name].map { String(format: "%.1f µs", $0) }
                            ?? (nginxMissing.isEmpty ? "not measured (no /proc)" : nginxMissing))
        }
        if let loupe = cpuPerRequest["Loupe"], let nginx = cpuPerRequest["nginx"], loupe > 0 {
            rows.append(Measurement(metric: "requests per CPU-second: Loupe ÷ nginx", value: String(format: "%.2f×", nginx / loupe)))
        }
        return rows
    }

    private func sseRows(direct: (p50: Double, p99: Double), proxied: (p50: Double, p99: Double)) -> [Measurement] {
        let added = proxied.p50 - direct.p50
        return [
            Measurement(metric: "SSE delay direct p50 / p99", value: "\(Self.ms(direct.p50)) / \(Self.ms(direct.p99))"),
            Measurement(metric: "SSE delay Loupe p50 / p99", value: "\(Self.ms(proxied.p50)) / \(Self.ms(proxied.p99))"),
            .judged("SSE added delay p50: Loupe", Self.ms(added), target: "<= \(Self.ms(Self.targetSSEAddedMilliseconds))",
                    meets: added <= Self.targetSSEAddedMilliseconds),
        ]
    }

    static func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }

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
