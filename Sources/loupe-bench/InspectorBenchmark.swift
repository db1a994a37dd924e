import Foundation
import LoupeCore
import LoupeServer

/// The web inspector in headless Chromium (Debian's `chromium` and `chromium-driver`, Selenium from
/// pip: `make deps`) over a log API holding 100 000 events: time to first paint, to the full list
/// and to a filtered list, then the frame times while 1 000 events a second arrive. The browser
/// side is `scripts/bench/inspector-bench.py`.
struct InspectorBenchmark: Benchmark {
    let name = "inspector"
    let summary = "the web inspector in headless Chromium over 100 000 events, then 1 000 events/s arriving"

    static let defaultEvents = 100_000
    static let feedPerSecond = 1_000
    static let feedSeconds = 5
    static let filter = "status:503"
    static let targetFrameMilliseconds = 50.0

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let count = max(1, options.events ?? Self.defaultEvents)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "scripts/bench/inspector-bench.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw BenchmarkError("\(script.path) is missing: run loupe-bench from the source tree it was built from.")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw BenchmarkError("chromium-driver is not installed; `make deps` installs it.")
        }
        let logger = NetworkLogger(configuration: .init(maxEvents: count + Self.feedPerSecond * Self.feedSeconds * 2,
                                                        maxBytes: 4 << 30))
        let template = LoggerIngestBenchmark.template()
        var filtered = 0
        for index in 0..<count {
            var event = LoggerIngestBenchmark.event(number: index, id: .random(), from: template)
            if index % 50 == 0 {
                event.response?.status = 503
                filtered += 1
            }
            await logger.record(event)
        }
        let server = LogAPIServer(logger: logger, configuration: .init(port: 0))
        let running = try await server.start()
        defer { Task { await running.shutdown() } }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--api", running.baseURL, "--token", running.accessToken ?? "",
                             "--events", String(count),
                             "--filter", Self.filter, "--filtered", String(filtered), "--feed-seconds", String(Self.feedSeconds)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        var feeding: Task<Void, Never>?
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if feeding == nil, text.contains("FEED\n") {
                feeding = Task {
                    for second in 0..<Self.feedSeconds {
                        let start = ContinuousClock.now
                        for index in 0..<Self.feedPerSecond {
                            let number = count + second * Self.feedPerSecond + index
                            await logger.record(LoggerIngestBenchmark.event(number: number, id: .random(), from: template))
                            if index % 100 == 99 { try? await Task.sleep(until: start + .milliseconds(100 * (index + 1) / 100)) }
                        }
                        try? await Task.sleep(until: start + .seconds(1))
                    }
                }
            }
        }
        process.waitUntilExit()
        await feeding?.value
        guard let last = text.split(separator: "\n").last,
              let result = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        else { throw BenchmarkError("the browser side printed no result:\n\(text.suffix(2_000))") }
        let number = { (key: String) in (result[key] as? Double) ?? .nan }
        let p95 = number("frameP95Ms")
        return [
            Measurement(metric: "events in the log", value: Format.grouped(count)),
            Measurement(metric: "first paint", value: String(format: "%.0f ms", number("firstPaintMs"))),
            Measurement(metric: "full list shown", value: String(format: "%.0f ms", number("firstListMs"))),
            Measurement(metric: "filtered list shown (\(Self.filter), \(Format.grouped(filtered)) rows)",
                        value: String(format: "%.0f ms", number("filteredListMs"))),
            Measurement(metric: "frames while \(Self.feedPerSecond) events/s arrive", value: "\(result["frames"] ?? 0) in \(Self.feedSeconds) s"),
            Measurement(metric: "frame time p50 / max", value: String(format: "%.1f ms / %.1f ms", number("frameP50Ms"), number("frameMaxMs"))),
            .judged("frame time p95", String(format: "%.1f ms", p95), target: "<= \(Int(Self.targetFrameMilliseconds)) ms",
                    meets: p95 <= Self.targetFrameMilliseconds),
            Measurement(metric: "rows added while measured", value: "\(result["rowsAddedWhileMeasured"] ?? 0)"),
        ]
    }
}
