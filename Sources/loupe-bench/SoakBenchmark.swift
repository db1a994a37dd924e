import Foundation
import LoupeConsole
import Synchronization

/// The built `loupe proxy` under mixed traffic for minutes (10 by default, `--soak-seconds`):
/// kept-alive requests with secrets, event streams, CONNECT tunnels, malformed requests and slow
/// headers from several clients, while a console is attached to its log API and exports run.
/// Reports its resident memory over time (with a text plot), its open file descriptors before
/// and after, the exact accounting of every exchange, and whether it crashed.
struct SoakBenchmark: Benchmark {
    let name = "soak"
    let summary = "loupe proxy under mixed and malformed traffic with a console attached and exports running: memory, fds, accounting, crashes"

    static let defaultSeconds = 600
    /// Kept small so the log fills up early and the later samples show memory at the budget.
    static let bufferBytes = 16 << 20
    static let headerTimeoutSeconds = 5

    /// How many clients of each kind run at once.
    static let clients: [(SoakTraffic, Int)] = [(.http, 3), (.sse, 2), (.connect, 1), (.malformed, 1), (.slowHeader, 1)]

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let seconds = options.soakSeconds ?? Self.defaultSeconds
        let origin = try OriginProcess.launch()
        defer { origin.stop() }
        let proxy = try LoupeProxyProcess.launch(arguments: [
            "--quiet", "--connect-ports", "\(origin.port)", "--buffer-bytes", "\(Self.bufferBytes)",
            "--capture-filter", "not path:/skip", "--header-timeout", "\(Self.headerTimeoutSeconds)s",
        ])
        let pid = proxy.processIdentifier
        let (proxyPort, apiPort, originPort) = (proxy.port, proxy.apiPort, origin.port)
        let token = proxy.apiToken
        // One conversation of each kind and an export first, so what the proxy opens once and
        // keeps (a timer descriptor, thread pools) is open before the descriptors are counted.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for kind in SoakTraffic.allCases {
                group.addTask { try await kind.run(proxyPort: proxyPort, originPort: originPort, round: 0) }
            }
            group.addTask { _ = try await Self.get("/v1/export?format=zip", port: apiPort, token: token) }
            try await group.waitForAll()
        }
        try await waitUntilIdle(proxy)
        let idleResident = ProcessMemory.currentResident(of: pid) ?? 0
        let descriptorsBefore = proxy.fileDescriptors ?? [:]
        let fdsBefore = descriptorsBefore.count

        let counts = SoakCounts()
        let deadline = ContinuousClock.now + .seconds(seconds)
        let interval = Duration.seconds(max(1, seconds / 120))
        var samples: [(at: Double, resident: Int)] = []
        var alive = true

        // The console, attached to the proxy's log API as `loupe console --attach` is.
        let console = Task {
            let source = try AttachEventSource(baseURL: "127.0.0.1:\(apiPort)", accessToken: token)
            var model = ConsoleModel(configuration: .init(sourceLabel: "soak"))
            for await update in source.updates() {
                model.apply(update)
                model.finishFiltering()
                counts.add(\.consoleUpdates)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (kind, clientCount) in Self.clients {
                for client in 0..<clientCount {
                    group.addTask {
                        var round = client * 1_000_000
                        while ContinuousClock.now < deadline {
                            round += 1
                            do {
                                try await kind.run(proxyPort: proxyPort, originPort: originPort, round: round)
                                counts.add(kind)
                            } catch {
                                counts.fail(kind, error)
                                try await Task.sleep(for: .milliseconds(100))
                            }
                        }
                    }
                }
            }
            // Exports of the whole log, in both formats, all along.
            group.addTask {
                var format = "zip"
                while ContinuousClock.now < deadline {
                    try await Task.sleep(for: .seconds(10))
                    let (status, _) = (try? await Self.get("/v1/export?format=\(format)", port: apiPort, token: token)) ?? (0, "")
                    counts.add(status == 200 ? \.exports : \.failedExports)
                    format = format == "zip" ? "har" : "zip"
                }
            }
            let start = ContinuousClock.now
            while ContinuousClock.now < deadline {
                try await Task.sleep(for: interval)
                guard proxy.isRunning, let resident = ProcessMemory.currentResident(of: pid) else {
                    alive = false
                    break
                }
                let elapsed = start.duration(to: .now)
                samples.append((Double(elapsed.components.seconds), resident))
                if samples.count % 12 == 0 {
                    print("  soak: \(elapsed.components.seconds) s, RSS \(Format.mebibytes(resident)), \(counts.summary)")
                }
            }
            if !alive { group.cancelAll() }
            try await group.waitForAll()
        }
        console.cancel()
        _ = await console.result

        let stats = alive ? try await waitUntilIdle(proxy, descriptors: fdsBefore) : [:]
        let descriptorsAfter = proxy.fileDescriptors ?? [:]
        let fdsAfter = descriptorsAfter.count
        for (number, target) in descriptorsAfter.sorted(by: { $0.key < $1.key }) where descriptorsBefore[number] != target {
            print("  soak: fd \(number) → \(target) was not open before the traffic")
        }
        let exitStatus = proxy.stop()

        print(TextPlot.render(samples.map { Double($0.resident) / 1_048_576 },
                              title: "soak: loupe proxy RSS (MB) over \(seconds) s, one column per \(max(1, samples.count / 60)) sample(s) of \(interval)"))
        return Self.report(samples: samples, idleResident: idleResident, fds: (fdsBefore, fdsAfter), stats: stats,
                           counts: counts, alive: alive, exitStatus: exitStatus, seconds: seconds)
    }

    private static func report(samples: [(at: Double, resident: Int)], idleResident: Int, fds: (before: Int, after: Int),
                               stats: [String: Int], counts: SoakCounts, alive: Bool, exitStatus: Int32?,
                               seconds: Int) -> [Measurement] {
        let residents = samples.map(\.resident)
        // The log fills up within the first tenth of the run (about 10 000 exchanges); from then
        // on memory should stay flat: growth judged against the log's own budget.
        let settled = residents.isEmpty ? 0 : residents[residents.count / 10]
        let growth = (residents.last ?? 0) - settled
        let peak = residents.max() ?? 0
        let forwarded = stats["forwardedExchanges"] ?? -1
        let logged = stats["loggedExchanges"] ?? 0, filtered = stats["filteredOutExchanges"] ?? 0
        let dropped = stats["droppedExchanges"] ?? 0
        let accountedFor = logged + filtered + dropped
        var rows = [
            Measurement(metric: "clients", value: clients.map { "\($1) \($0.rawValue)" }.joined(separator: ", ")),
            Measurement(metric: "conversations done", value: counts.summary),
            Measurement(metric: "exchanges forwarded", value: "\(Format.grouped(forwarded)) (\(Format.grouped(forwarded / max(1, seconds)))/s)"),
            Measurement.judged("forwarded = logged + filtered + dropped",
                               "\(Format.grouped(forwarded)) = \(Format.grouped(logged)) + \(Format.grouped(filtered)) + \(Format.grouped(dropped))",
                               target: "exact", meets: forwarded > 0 && forwarded == accountedFor && stats["inFlightExchanges"] == 0),
            Measurement(metric: "RSS idle / at 10 % / peak / end",
                        value: [idleResident, settled, peak, residents.last ?? 0].map(Format.mebibytes).joined(separator: " / ")),
            Measurement.judged("RSS growth from 10 % of the run to its end", Format.mebibytes(growth),
                               target: "≤ the \(Format.mebibytes(bufferBytes)) log budget", meets: growth <= bufferBytes),
            Measurement.judged("open fds before / after", "\(fds.before) / \(fds.after)", target: "equal", meets: fds.before == fds.after),
            Measurement(metric: "console updates / exports", value: "\(Format.grouped(counts.value(\.consoleUpdates))) / \(counts.value(\.exports)) (\(counts.value(\.failedExports)) failed)"),
            Measurement.judged("crashes", alive && exitStatus == 0 ? "0 (exit 0 on SIGTERM)" : "proxy died (exit \(exitStatus.map(String.init) ?? "by signal"))",
                               target: "0", meets: alive && exitStatus == 0),
            Measurement.judged("client conversations that failed", counts.failureSummary, target: "0", meets: counts.failures == 0),
        ]
        if let headerTimeouts = stats["headerTimeouts"] {
            rows.append(Measurement(metric: "slow headers closed by the proxy", value: Format.grouped(headerTimeouts)))
        }
        return rows
    }

    /// Waits (up to 30 s) until the last exchanges have reached the log, every client connection
    /// is closed and, when given, the proxy has `descriptors` open; returns its counters then.
    @discardableResult
    private func waitUntilIdle(_ proxy: LoupeProxyProcess, descriptors: Int? = nil) async throws -> [String: Int] {
        var stats: [String: Int] = [:]
        for _ in 0..<60 {
            stats = (try? await Self.sourceCounters(port: proxy.apiPort, token: proxy.apiToken)) ?? [:]
            // The stats request itself is the one connection open, to the log API, not the proxy.
            if stats["inFlightExchanges"] == 0, stats["openConnections"] == 0,
               descriptors == nil || proxy.openFileDescriptors == descriptors { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        return stats
    }

    /// `GET path` on the log API with its access token: the status and the body.
    static func get(_ path: String, port: Int, token: String) async throws -> (status: Int, body: String) {
        try await SoakConnection.with(port: port, timeout: .seconds(60)) { connection in
            try await connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
            try await connection.readToEnd()
            let text = connection.received
            let status = Int(text.dropFirst(9).prefix(3)) ?? 0
            let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
            return (status, body)
        }
    }

    /// The proxy's `sourceCounters` from `/v1/stats`.
    static func sourceCounters(port: Int, token: String) async throws -> [String: Int] {
        struct Stats: Decodable { var sourceCounters: [String: Int]? }
        let (_, body) = try await get("/v1/stats", port: port, token: token)
        return try JSONDecoder().decode(Stats.self, from: Data(body.utf8)).sourceCounters ?? [:]
    }
}

/// What the soak's clients did, shared between their tasks.
final class SoakCounts: Sendable {
    struct Counts {
        var done: [SoakTraffic: Int] = [:]
        var failed: [SoakTraffic: Int] = [:]
        var firstFailure: String?
        var consoleUpdates = 0
        var exports = 0
        var failedExports = 0
    }

    private let counts = Mutex(Counts())

    func add(_ kind: SoakTraffic) { counts.withLock { $0.done[kind, default: 0] += 1 } }
    func add(_ field: WritableKeyPath<Counts, Int> & Sendable) { counts.withLock { $0[keyPath: field] += 1 } }
    func value(_ field: KeyPath<Counts, Int> & Sendable) -> Int { counts.withLock { $0[keyPath: field] } }

    func fail(_ kind: SoakTraffic, _ error: any Error) {
        counts.withLock {
            $0.failed[kind, default: 0] += 1
            if $0.firstFailure == nil { $0.firstFailure = "\(kind.rawValue): \(error)" }
        }
    }

    var failures: Int { counts.withLock { $0.failed.values.reduce(0, +) } }

    var summary: String {
        counts.withLock { counts in
            SoakTraffic.allCases.map { "\(Format.grouped(counts.done[$0] ?? 0)) \($0.rawValue)" }.joined(separator: ", ")
        }
    }

    var failureSummary: String {
        counts.withLock { counts in
            let total = counts.failed.values.reduce(0, +)
            guard total > 0 else { return "0" }
            return "\(total) (first: \(counts.firstFailure ?? "?"))"
        }
    }
}
