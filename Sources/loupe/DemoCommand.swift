#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import ChatDemo
import Foundation
import Logging
import LoupeConsole
import LoupeCore
import LoupeExport
import LoupeRedaction

/// `loupe demo`: the sample chat backend, a reverse proxy and the log API sharing one log, a
/// scripted session through both, then the console (on a terminal) or a summary, an export and
/// its leak scan.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a sample chat app through Loupe and watch its traffic, redacted.",
        discussion: """
            Starts the sample chat backend, a reverse proxy in front of it and the log API on \
            free loopback ports, all recording into one redacted log, then drives a scripted \
            session into it two ways: an instrumented client calling the backend (sign-in, \
            paging, a rename, a 401 and its token refresh, a 429 with Retry-After, a retried \
            503, a streamed reply and a dropped stream that reconnects) and plain HTTP requests \
            through the proxy.

            On a terminal the console opens on the live log (q quits and stops the servers). \
            Otherwise, or with --no-console, Loupe prints a table of what was logged, writes it \
            to --output and scans that file for leaked secrets as `loupe scan` would. Progress \
            goes to standard error; Ctrl-C stops everything.

            EXAMPLES:
              Watch the demo in the console:
                loupe demo
              Keep traffic flowing for a minute, with the log API on port 9901:
                loupe demo --duration 60s --port 9901
              Run it in CI: a summary, an export and its scan (exit 0 when clean):
                loupe demo --no-console --output /tmp/loupe-demo.zip
            """
    )

    @Option(help: ArgumentHelp("The log API's port on 127.0.0.1 (0 picks a free one).", valueName: "n"))
    var port = 0

    @Option(help: ArgumentHelp("Keep generating traffic this long (e.g. 30s, 2m); by default the script runs once.",
                               valueName: "duration"))
    var duration: String?

    @Flag(name: .customLong("no-console"), help: "Print a summary, export and scan instead of opening the console.")
    var noConsole = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Where the summary mode writes the export (.zip, .har or .ndjson).",
                                                    valueName: "file"))
    var output = "loupe-demo.zip"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port expects a port from 0 to 65535.") }
        if let duration, ProxyCommand.duration(duration) == nil {
            throw ValidationError("--duration expects a duration like 30s, 500ms or 2m.")
        }
        guard ExportFormat(path: output) != nil else {
            throw ValidationError("--output needs a file ending in .zip, .har or .ndjson, not '\(output)'.")
        }
    }

    func run() async throws {
        let useConsole = !noConsole && Terminal.canShowConsole
        var configuration = DemoRunner.Configuration()
        configuration.logAPIPort = port
        // The servers' own log lines would be drawn over the console and clutter the summary.
        let quiet = Logger(label: "loupe.demo", factory: { _ in SwiftLogNoOpLogHandler() })
        let runner = DemoRunner(configuration: configuration, logger: quiet)
        let trafficDuration = duration.flatMap(ProxyCommand.duration).map { Duration.nanoseconds($0.nanoseconds) }
        let progress: @Sendable (String) -> Void = { Terminal.printError("loupe demo: \($0)") }

        let work = Task {
            try await runner.withServers { environment in
                progress("backend \(environment.backendURL), reverse proxy \(environment.proxyURL), web inspector and log API \(environment.logAPIURL)")
                if useConsole {
                    try await Self.runWithConsole(runner, environment: environment, duration: trafficDuration, logger: quiet)
                } else {
                    let session = DemoSession(environment: environment, networkLogger: runner.networkLogger,
                                              logger: quiet, progress: progress)
                    let passes = try await session.run(for: trafficDuration)
                    progress("script done (\(passes) pass\(passes == 1 ? "" : "es")); stopping the servers")
                }
            }
        }
        // Ctrl-C and SIGTERM cancel the work, which stops the script and then the servers.
        let result = await Terminal.result(of: work, cancellingOn: [SIGINT, SIGTERM])
        if work.isCancelled {
            Terminal.printError("loupe demo: stopped")
            throw ExitCode(130)
        }
        if case .failure(let error) = result { throw Terminal.fail("\(error)") }
        if !useConsole { try await summarize(runner.networkLogger, ruleSet: configuration.ruleSet) }
    }

    /// Opens the console on the live log while the script runs; returns when the user quits,
    /// then reports a script failure, if any.
    private static func runWithConsole(_ runner: DemoRunner, environment: DemoEnvironment, duration: Duration?,
                                       logger: Logger) async throws {
        let session = DemoSession(environment: environment, networkLogger: runner.networkLogger, logger: logger)
        let script = Task { try await session.run(for: duration) }
        var options = ConsoleOptions(exporter: ViewExporter(ruleSet: runner.configuration.ruleSet))
        options.ruleSetID = runner.configuration.ruleSet.id
        let label = "demo · proxy :\(environment.proxyPort) · API :\(environment.logAPIPort)"
        let console = await Task { try await Console.run(source: LoggerEventSource(logger: runner.networkLogger, label: label),
                                                         options: options) }.result
        script.cancel()
        let scriptResult = await script.result
        try console.get()
        if case .failure(let error) = scriptResult, !(error is CancellationError), !script.isCancelled {
            throw error
        }
    }

    /// The summary mode's end: a table of the log, the export and its leak scan.
    private func summarize(_ networkLogger: NetworkLogger, ruleSet: RuleSet) async throws {
        let events = await networkLogger.snapshot().sorted { $0.sequence < $1.sequence }
        let lines = PlainTable().lines(events)
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let counts = Dictionary(grouping: events, by: \.source.rawValue).mapValues(\.count)
            .sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        FileHandle.standardOutput.write(Data("\(events.count) events: \(counts)\n".utf8))

        Terminal.printError("loupe demo: writing \(output)")
        do {
            let manifest = try await networkLogger.export(
                to: URL(fileURLWithPath: output),
                configuration: .init(format: ExportFormat(path: output)!, source: .app, ruleSet: ruleSet))
            FileHandle.standardOutput.write(Data("wrote \(manifest.eventCount) events to \(output)\n".utf8))
        } catch {
            throw Terminal.fail("could not export the log to \(output): \(error)")
        }

        Terminal.printError("loupe demo: scanning \(output) for leaked secrets")
        let destination = try ScanOutput(path: nil, quiet: false, streamsFindings: true)
        var scan = ScanRunner(scanner: LeakScanner(ruleSet: ruleSet), ruleSetID: ruleSet.id) { entry in
            destination.writeFinding(entry)
        } onError: { error in
            _ = Terminal.fail("cannot scan '\(error.path)': \(error.reason).")
        } onFile: { _, _ in }
        scan.scan(path: output)
        destination.writeSummary(scan.report)
        if !scan.report.errors.isEmpty { throw Terminal.fail("the export could not be scanned (see above).") }
        if !scan.report.findings.isEmpty {
            throw Terminal.fail("the export holds \(scan.report.findings.count) possible secrets (listed above).", status: 1)
        }
    }
}
