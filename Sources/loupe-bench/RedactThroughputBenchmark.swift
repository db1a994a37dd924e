import Foundation
import LoupeRedaction

/// Runs the release `loupe redact` binary over a generated ≥ 100 MB traffic corpus with the full
/// default rule set, on one core, and compares it with PCRE2's JIT running one email pattern over
/// the same bytes in process.
struct RedactThroughputBenchmark: Benchmark {
    let name = "redact"
    let summary = "`loupe redact` over a generated traffic corpus, full default rule set, one core"

    static let defaultMegabytes = 128
    /// How many times the corpus is redacted; the median counts.
    static let runs = 3
    static let targetMegabytesPerSecond = 150.0

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let megabytes = options.megabytes ?? Self.defaultMegabytes
        let directory = FileManager.default.temporaryDirectory.appending(path: "loupe-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = directory.appending(path: "traffic.txt")
        let size = try TrafficCorpus.write(bytes: megabytes * 1_000_000, to: corpus)

        let loupe = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "loupe")
        guard FileManager.default.isExecutableFile(atPath: loupe.path) else {
            throw BenchmarkError("\(loupe.path) is missing: build it with `swift build -c release --product loupe`.")
        }
        let output = directory.appending(path: "redacted.txt")
        // The median of a few runs: on a shared machine one run can be slowed by anything else
        // the core it is pinned to does (a build, the corpus's own write-back).
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<Self.runs {
            let start = clock.now
            try Self.runRedact(loupe: loupe, corpus: corpus, output: output)
            times.append(clock.now - start)
        }
        let elapsed = times.sorted()[times.count / 2]
        let rate = Double(size) / 1_000_000 / max(elapsed.seconds, 1e-9)

        let leaked = try Self.countOccurrences(of: "AKIAIOSFODNN7EXAMPLE", in: output)
        let reference = try Self.singlePatternRate(corpus: corpus)
        return [
            .judged("MB/s (1 core)", String(format: "%.1f", rate), target: ">= \(Int(Self.targetMegabytesPerSecond))",
                    meets: rate >= Self.targetMegabytesPerSecond),
            Measurement(metric: "corpus", value: String(format: "%.1f MB", Double(size) / 1_000_000)),
            Measurement(metric: "elapsed (median of \(Self.runs) runs)", value: Format.seconds(elapsed)),
            Measurement(metric: "elapsed, fastest and slowest run",
                        value: "\(Format.seconds(times.min()!)) / \(Format.seconds(times.max()!))"),
            .judged("AWS keys left in output", "\(leaked)", target: "0", meets: leaked == 0),
            Measurement(metric: "PCRE2 JIT, 1 email rule", value: String(format: "%.1f MB/s", reference)),
        ] + (try Self.costliestRules(corpus: corpus))
    }

    /// How many of the costliest rules the table lists.
    static let costliestRuleCount = 5
    /// How much of the corpus each rule is timed on alone.
    static let ruleCostBytes = 16_000_000

    /// Each default rule timed alone (keyword prefilter, pattern, validation) over the first
    /// ``ruleCostBytes`` of the corpus, in the 4 MB blocks `loupe redact` uses: the rows of the
    /// few that cost the most, so a rule that slows the set down is named.
    private static func costliestRules(corpus: URL) throws -> [Measurement] {
        let handle = try FileHandle(forReadingFrom: corpus)
        defer { try? handle.close() }
        let sample = [UInt8](try handle.read(upToCount: ruleCostBytes) ?? Data())
        let blockSize = 4 << 20
        let clock = ContinuousClock()
        var costs: [(id: String, seconds: Double)] = []
        for rule in RuleSet.builtIn.rules {
            let redactor = Redactor(ruleSet: RuleSet(rules: [rule], structural: StructuralRules(), sha256: "", id: rule.id))
            var counts: [String: Int] = [:]
            let elapsed = clock.measure {
                sample.withUnsafeBytes { bytes in
                    for start in stride(from: 0, to: bytes.count, by: blockSize) {
                        let block = UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + blockSize)])
                        _ = redactor.redactedASCIIText(block, counts: &counts)
                    }
                }
            }
            costs.append((rule.id, elapsed.seconds))
        }
        let total = costs.map(\.seconds).reduce(0, +)
        var rows = [Measurement(metric: "rules timed alone, sum", value: String(format: "%.3f s per %d MB (%d rules)",
                                                                       total, ruleCostBytes / 1_000_000, costs.count))]
        for cost in costs.sorted(by: { $0.seconds > $1.seconds }).prefix(costliestRuleCount) {
            rows.append(Measurement(metric: "rule \(cost.id)", value: String(format: "%.1f ms per %d MB", cost.seconds * 1000,
                                                                           ruleCostBytes / 1_000_000)))
        }
        return rows
    }

    /// `taskset` pins the child to one core so the figure is a one-core figure on any machine.
    private static func runRedact(loupe: URL, corpus: URL, output: URL) throws {
        let process = Process()
        let pinned = FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset")
        process.executableURL = pinned ? URL(filePath: "/usr/bin/taskset") : loupe
        process.arguments = (pinned ? ["-c", "0", loupe.path] : []) + ["redact", "--format", "text", corpus.path]
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("loupe redact exited with status \(process.terminationStatus).")
        }
    }

    private static func countOccurrences(of needle: String, in url: URL) throws -> Int {
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        var count = 0
        var range = data.startIndex..<data.endIndex
        let pattern = Data(needle.utf8)
        while let found = data.range(of: pattern, in: range) {
            count += 1
            range = found.upperBound..<data.endIndex
        }
        return count
    }

    /// The ceiling for comparison: one simple email pattern, JIT-compiled, over the whole corpus.
    private static func singlePatternRate(corpus: URL) throws -> Double {
        let data = try Data(contentsOf: corpus, options: .alwaysMapped)
        let regex = try PCRE2Regex(#"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"#)
        let clock = ContinuousClock()
        var matches = 0
        // A typed-throws closure passed to Data.withUnsafeBytes crashes Swift 6.3.1; copy instead.
        let bytes = [UInt8](data)
        let elapsed = try clock.measure {
            try bytes.withUnsafeBytes { buffer in
                try regex.forEachMatch(in: buffer) { _ in matches += 1; return true }
            }
        }
        return Double(data.count) / 1_000_000 / max(elapsed.seconds, 1e-9)
    }
}

/// A benchmark that could not run, said as a sentence.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
