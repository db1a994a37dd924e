import ArgumentParser
import Foundation
import LoupeCore
import LoupeRedaction

/// `loupe scan PATH…`: the redaction rules in detection mode, over files, folders, zip exports,
/// HAR and NDJSON, for checking in CI that nothing sensitive was logged.
struct ScanCommand: ParsableCommand {
    /// The output formats of a scan report.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find secrets and personal data in logs, exports and folders without changing them.",
        discussion: """
            Every file is read with bounded memory: folders recursively (skipping .git and .build*), \
            .zip archives entry by entry, .har and .json by JSON pointer (documents over 64 MB as \
            text), .ndjson record by record, anything else as text in overlapping 1 MB windows. \
            Binary files (a NUL byte in the first 8 KB) are skipped and counted. Redaction \
            placeholders ([REDACTED:…], [rule-id:5f2a9c1e], ****1234) are not findings.

            A finding prints as `path:line:column: rule-id (category) preview`, or \
            `path#/json/pointer: …` for JSON (`path:line#/pointer` for NDJSON); the preview never \
            shows the whole secret. Exit status: 0 when clean, 1 when there are findings, 2 when \
            a path cannot be read, an archive is corrupt or a rule file is broken.

            EXAMPLES:
              loupe scan logs/ export.zip
              loupe scan --format sarif --output loupe.sarif traffic.har
              loupe scan --quiet build/output.log || echo "secrets leaked"
            """
    )

    @Argument(help: "Files, folders or .zip archives to scan ('-' reads standard input as text).",
              completion: .file())
    var paths: [String]

    @OptionGroup var ruleOptions: RuleOptions

    @Option(help: "Report format: text (one line per finding and a summary), json, or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file instead of standard output.",
                                                    valueName: "file"),
            completion: .file())
    var output: String?

    @Flag(name: .shortAndLong, help: "Print no findings or summary on standard output; use the exit status. Errors still go to standard error, and --output is still written.")
    var quiet = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one file, folder or .zip archive to scan.") }
    }

    func run() throws {
        let ruleSet = try ruleOptions.loadRuleSet()
        let destination = try ScanOutput(path: output, quiet: quiet, streamsFindings: format == .text)
        let progress = ProgressLine()
        var files = 0
        var bytes = 0
        var runner = ScanRunner(scanner: LeakScanner(ruleSet: ruleSet), ruleSetID: ruleSet.id) { entry in
            progress.clear()
            destination.writeFinding(entry)
        } onError: { error in
            progress.clear()
            _ = Terminal.fail("cannot scan '\(error.path)': \(error.reason).")
        } onFile: { path, fileBytes in
            files += 1
            bytes += fileBytes
            let name = path.count > 50 ? "…" + path.suffix(49) : path
            progress.show("scanning: \(files) files, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB  \(name)")
        }
        for path in paths { runner.scan(path: path) }
        progress.clear()

        let report = runner.report
        switch format {
        case .text:
            destination.writeSummary(report)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            destination.writeDocument(try encoder.encode(report))
        case .sarif:
            destination.writeDocument(try SARIFWriter.data(for: report, ruleSet: ruleSet, toolVersion: Loupe.version))
        }
        try destination.close()

        if !report.errors.isEmpty {
            let count = report.errors.count
            throw Terminal.fail("\(count) path\(count == 1 ? "" : "s") could not be scanned (see above); the results are incomplete.")
        }
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}
