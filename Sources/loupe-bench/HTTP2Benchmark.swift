import Foundation

/// HTTP/2 with prior knowledge through the release `loupe proxy` (reverse mode, h2c on both legs,
/// capture on, every exchange logged and redacted) against the same origin direct: requests per
/// second over one connection with 32 concurrent streams, driven by `h2load` (Debian's
/// `nghttp2-client`, installed by make deps) in one run. The origin is the benchmarks' own NIO
/// origin (`--serve-origin --h2c`), a child process.
struct HTTP2Benchmark: Benchmark {
    let name = "http2"
    let summary = "h2load, one connection with 32 concurrent streams, direct vs through loupe proxy (h2c both legs)"

    static let streams = 32
    static let requests = 50_000
    static let warmUpRequests = 2_000
    static let targetRatio = 0.5

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let h2load = try Self.h2loadPath()
        let requests = options.events ?? Self.requests
        let origin = try OriginProcess.launch(arguments: ["--h2c"])
        defer { origin.stop() }
        let proxy = try LoupeProxyProcess.launch(arguments: [
            "--upstream", "http://127.0.0.1:\(origin.port)", "--upstream-http", "2", "--quiet",
        ])
        defer { _ = proxy.stop() }
        let directURL = "http://127.0.0.1:\(origin.port)/"
        let proxiedURL = "http://127.0.0.1:\(proxy.port)/"
        _ = try Self.load(h2load, url: directURL, requests: Self.warmUpRequests)
        _ = try Self.load(h2load, url: proxiedURL, requests: Self.warmUpRequests)
        let direct = try Self.load(h2load, url: directURL, requests: requests)
        let proxied = try Self.load(h2load, url: proxiedURL, requests: requests)
        let ratio = proxied.requestsPerSecond / max(direct.requestsPerSecond, 1)
        return [
            Measurement(metric: "requests/s, direct (\(Self.streams) streams, 1 connection)",
                        value: Format.grouped(Int(direct.requestsPerSecond))),
            .judged("requests/s, through loupe proxy, capture on", Format.grouped(Int(proxied.requestsPerSecond))
                        + String(format: " (%.2f× direct)", ratio),
                    target: ">= \(Self.targetRatio)× direct", meets: ratio >= Self.targetRatio),
            Measurement(metric: "mean time per request, direct / proxied",
                        value: String(format: "%.2f ms / %.2f ms", direct.meanMilliseconds, proxied.meanMilliseconds)),
            .judged("failed requests through the proxy", "\(proxied.failed) of \(requests)", target: "0",
                    meets: proxied.failed == 0),
        ]
    }

    struct Figures {
        var requestsPerSecond: Double
        var meanMilliseconds: Double
        var failed: Int
    }

    /// Where `h2load` is.
    static func h2loadPath() throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/h2load"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw BenchmarkError("h2load is not installed; `make deps` installs it (Debian's nghttp2-client).")
    }

    /// Runs `h2load -n requests -c 1 -m streams url` and reads its summary.
    static func load(_ h2load: String, url: String, requests: Int) throws -> Figures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: h2load)
        process.arguments = ["-n", String(requests), "-c", "1", "-m", String(streams), url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "finished in 1.23s, 40650.41 req/s, 1.55MB/s"
        // "requests: 50000 total, 50000 started, 50000 done, 50000 succeeded, 0 failed, 0 errored, 0 timeout"
        // "time for request:   123us   4.56ms   789us   …" (min, max, mean, sd)
        guard let rate = number(in: text, before: " req/s"),
              let failed = number(in: text, before: " failed")
        else { throw BenchmarkError("h2load printed no summary for \(url):\n\(text)") }
        let mean = text.split(separator: "\n").first { $0.hasPrefix("time for request:") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .flatMap { $0.count >= 6 ? milliseconds(String($0[5])) : nil } ?? .nan
        return Figures(requestsPerSecond: rate, meanMilliseconds: mean, failed: Int(failed))
    }

    /// The number just before the first occurrence of `suffix` in `text`.
    private static func number(in text: String, before suffix: String) -> Double? {
        guard let range = text.range(of: suffix) else { return nil }
        let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "." }
        return Double(String(digits.reversed()))
    }

    /// `123us`, `4.56ms`, `1.2s` in milliseconds.
    private static func milliseconds(_ text: String) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}
