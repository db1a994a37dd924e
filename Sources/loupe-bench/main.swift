import Foundation

// `loupe-bench [--only NAME]... [--events N]`: runs Loupe's benchmarks and prints one table.
// Targets are reported as PASS or MISS; the exit status is non-zero only for bad arguments or crashes.

// The proxy and HTTPS benchmarks run their origin as a child process of this executable.
if CommandLine.arguments.dropFirst().first == "--serve-origin" { BenchOrigin.serve() }

let benchmarks: [any Benchmark] = [
    LoggerIngestBenchmark(),
    RedactThroughputBenchmark(),
    ExportBenchmark(),
    ConsoleBenchmark(),
    ProxyBenchmark(),
    WebSocketBenchmark(),
    HTTP2Benchmark(),
    InspectorBenchmark(),
    HTTPSBenchmark(),
    RedactionRecallBenchmark(),
    SoakBenchmark(),
]

@MainActor func usage() -> String {
    """
    usage: loupe-bench [--only NAME]... [--events N] [--megabytes N] [--show-misses N] [--soak-seconds N]

      --only NAME   run only this benchmark (repeatable): \(benchmarks.map(\.name).joined(separator: ", "))
      --events N    event count instead of each benchmark's default
      --megabytes N corpus size for the redaction benchmark (default 128)
      --show-misses N  print up to N tuning-set failures of the recall benchmark (never held-out)
      --soak-seconds N  how long the soak benchmark runs (default \(SoakBenchmark.defaultSeconds))
      --rules DIR   recall benchmark: evaluate DIR's rule files instead of the built-in rules,
                    on the tuning set only (for tuning rules without rebuilding)
    """
}

@MainActor func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("loupe-bench: \(message)\n\(usage())\n".utf8))
    exit(2)
}

var options = BenchmarkOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--only":
        guard let name = arguments.popFirst() else { fail("--only needs a benchmark name.") }
        guard benchmarks.contains(where: { $0.name == name }) else {
            fail("There is no benchmark called \"\(name)\".")
        }
        options.only.insert(name)
    case "--events":
        guard let text = arguments.popFirst(), let count = Int(text), count > 0 else {
            fail("--events needs a positive whole number.")
        }
        options.events = count
    case "--megabytes":
        guard let text = arguments.popFirst(), let count = Int(text), count > 0 else {
            fail("--megabytes needs a positive whole number.")
        }
        options.megabytes = count
    case "--show-misses":
        guard let text = arguments.popFirst(), let count = Int(text), count >= 0 else {
            fail("--show-misses needs a whole number.")
        }
        options.showMisses = count
    case "--soak-seconds":
        guard let text = arguments.popFirst(), let count = Int(text), count > 0 else {
            fail("--soak-seconds needs a positive whole number.")
        }
        options.soakSeconds = count
    case "--rules":
        guard let path = arguments.popFirst() else { fail("--rules needs a rule directory or .toml file.") }
        options.rules = URL(fileURLWithPath: path)
    case "-h", "--help":
        print(usage())
        exit(0)
    default:
        fail("Unknown argument \"\(argument)\".")
    }
}

do {
    try await BenchmarkRunner(benchmarks: benchmarks).run(options: options)
} catch {
    FileHandle.standardError.write(Data("loupe-bench: a benchmark failed: \(error)\n".utf8))
    exit(1)
}
