import Foundation
import LoupeConsole
import LoupeCore

/// The console over 100 000 events: how long the longest filtering step and the slowest frame
/// take (both must stay well under a frame so typing and scrolling never stall), and how long a
/// whole filter takes to finish in steps.
struct ConsoleBenchmark: Benchmark {
    let name = "console"
    let summary = "ConsoleModel + ConsoleRenderer over 100 000 events: filter steps, frames, scrolling"

    static let defaultEvents = 100_000
    /// A step or a frame longer than this would be felt as a stall between key presses.
    static let targetStepMilliseconds = 16.0
    static let filters = ["status:5xx", "host:api.example.com path:/v1/conversations", "body:refresh_token", "\"req-99999\""]

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let count = max(1, options.events ?? Self.defaultEvents)
        let template = LoggerIngestBenchmark.template()
        let events = (0..<count).map { index -> NetworkEvent in
            var event = LoggerIngestBenchmark.event(number: index, id: .random(), from: template)
            if index % 50 == 0 { event.response?.status = 503 }
            return event
        }
        let clock = ContinuousClock()
        var model = ConsoleModel(configuration: .init(sourceLabel: "bench"))
        model.apply(.resize(ConsoleSize(rows: 50, columns: 200)))
        let loadStart = clock.now
        model.apply(.reset(events, evicted: 0))
        model.finishFiltering()
        let load = clock.now - loadStart

        var longestStep = Duration.zero
        var longestFilter = Duration.zero
        for filter in Self.filters {
            let start = clock.now
            model.apply(.setFilter(filter))
            var more = true
            while more {
                let stepStart = clock.now
                more = model.advanceFiltering()
                longestStep = max(longestStep, clock.now - stepStart)
            }
            longestFilter = max(longestFilter, clock.now - start)
        }
        model.apply(.setFilter(""))
        model.finishFiltering()

        // Scrolling: a page at a time from the newest to the oldest row, drawing every frame.
        let renderer = ConsoleRenderer()
        var frameTimes: [Duration] = []
        model.apply(.last)
        while model.selectedRow != 0 {
            let start = clock.now
            model.apply(.pageUp)
            _ = renderer.frame(for: model)
            frameTimes.append(clock.now - start)
        }
        frameTimes.sort()
        let medianFrame = frameTimes.isEmpty ? .zero : frameTimes[frameTimes.count / 2]
        let longestFrame = frameTimes.last ?? .zero

        let target = "<= \(Int(Self.targetStepMilliseconds)) ms"
        return [
            Measurement(metric: "events", value: Format.grouped(count)),
            Measurement(metric: "load + first list", value: Format.seconds(load)),
            .judged("longest filter step", Self.milliseconds(longestStep), target: target,
                    meets: longestStep.seconds * 1000 <= Self.targetStepMilliseconds),
            Measurement(metric: "slowest whole filter", value: Self.milliseconds(longestFilter)),
            .judged("median page + frame", Self.milliseconds(medianFrame), target: target,
                    meets: medianFrame.seconds * 1000 <= Self.targetStepMilliseconds),
            Measurement(metric: "slowest page + frame", value: Self.milliseconds(longestFrame)),
            Measurement(metric: "pages scrolled (200×50)", value: Format.grouped(frameTimes.count)),
        ]
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f ms", duration.seconds * 1000)
    }
}
