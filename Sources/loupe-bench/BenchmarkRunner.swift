import Foundation

/// Options shared by every benchmark, parsed from the command line.
struct BenchmarkOptions {
    /// Run only the benchmarks with these names; all of them when empty.
    var only: Set<String> = []
    /// Overrides a benchmark's default workload size (events, requests …) when given.
    var events: Int?
    /// Overrides the size in megabytes of a generated corpus.
    var megabytes: Int?
    /// How many tuning-set failures the recall benchmark prints (never held-out ones).
    var showMisses: Int?
    /// How long the soak benchmark runs, in seconds.
    var soakSeconds: Int?
    /// A rule directory the recall benchmark evaluates instead of the built-in rules (tuning set
    /// only), so rule files can be tuned without rebuilding.
    var rules: URL?
}

/// One measured figure, with an optional target it is judged against.
struct Measurement {
    /// Whether a measured value meets its target.
    enum Verdict: String {
        case pass = "PASS"
        case miss = "MISS"
    }

    var metric: String
    var value: String
    var target: String = ""
    var verdict: Verdict?

    /// A figure with a target: `meets` decides PASS or MISS.
    static func judged(_ metric: String, _ value: String, target: String, meets: Bool) -> Measurement {
        Measurement(metric: metric, value: value, target: target, verdict: meets ? .pass : .miss)
    }
}

/// A benchmark the runner can execute; one file per benchmark.
protocol Benchmark {
    /// The name used in the table and by `--only`.
    var name: String { get }
    /// One sentence saying what is measured.
    var summary: String { get }
    func run(options: BenchmarkOptions) async throws -> [Measurement]
}

/// Runs benchmarks one after the other and prints their figures as one table.
struct BenchmarkRunner {
    var benchmarks: [any Benchmark]

    /// Runs the selected benchmarks in order, then prints the table and how many targets were met.
    func run(options: BenchmarkOptions) async throws {
        let selected = benchmarks.filter { options.only.isEmpty || options.only.contains($0.name) }
        var rows: [(benchmark: String, measurement: Measurement)] = []
        for benchmark in selected {
            print("running \(benchmark.name): \(benchmark.summary)")
            // Each benchmark reports its own peak memory, not an earlier benchmark's.
            ProcessMemory.resetPeak()
            for measurement in try await benchmark.run(options: options) {
                rows.append((benchmark.name, measurement))
            }
        }
        print("")
        printTable(rows)
        let misses = rows.filter { $0.measurement.verdict == .miss }.count
        let judged = rows.filter { $0.measurement.verdict != nil }.count
        print("")
        print("\(judged - misses) of \(judged) targets met" + (misses > 0 ? " (\(misses) missed)" : ""))
    }

    private func printTable(_ rows: [(benchmark: String, measurement: Measurement)]) {
        let header = ["benchmark", "metric", "value", "target", "result"]
        let cells = rows.map { row in
            [row.benchmark, row.measurement.metric, row.measurement.value, row.measurement.target,
             row.measurement.verdict?.rawValue ?? ""]
        }
        var widths = header.map(\.count)
        for line in cells {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func format(_ line: [String]) -> String {
            line.enumerated().map { column, cell in
                // Right-align the value column so digits line up.
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 2 ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        print(format(header))
        print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for line in cells { print(format(line)) }
    }
}

/// Number formatting for the table.
enum Format {
    /// `1234567` → `1 234 567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(" ") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Bytes as MiB with one decimal.
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f s", duration.seconds)
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
