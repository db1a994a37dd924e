import ArgumentParser
import Foundation
import LoupeRedaction

/// `loupe redact [FILE…]`: writes a sanitized copy of text, JSON, NDJSON or HAR to standard output,
/// streaming with bounded memory.
struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Write a copy of logs, dumps or HAR files with every secret replaced.",
        discussion: """
            Reads the files in order (standard input when none) and writes the redacted result to \
            standard output, streaming: memory stays bounded whatever the input size. The format \
            is guessed from each file's extension (.json, .har, .ndjson/.jsonl, anything else is \
            text) unless --format is given. Text is processed in blocks cut at blank lines, so a \
            multi-line secret such as a PEM private key is seen whole; invalid UTF-8 in text is \
            written back as U+FFFD.

            EXAMPLES:
              loupe redact app.log > app.redacted.log
              kubectl logs api | loupe redact --style hash
              loupe redact --format har --stats session.har > shared.har
            """
    )

    @Argument(help: "Files to redact (standard input when none).", completion: .file())
    var files: [String] = []

    @Option(help: "Input format: text, json, ndjson or har (default: from the file extension; text for standard input).")
    var format: RedactionFormat?

    @Option(help: "Replace every secret as label ([REDACTED:rule]), mask (****1234) or hash ([rule:5f2a9c1e]); default: each rule's own style.")
    var style: RedactionStyleArgument?

    @Flag(help: "Print how many values each rule replaced to standard error.")
    var stats = false

    @OptionGroup var rules: RuleOptions

    func run() throws {
        let redactor = Redactor(ruleSet: try rules.loadRuleSet(), style: style?.style)
        let output = BufferedOutput(handle: .standardOutput)
        var counts: [String: Int] = [:]
        let inputs = files.isEmpty ? ["-"] : files
        for path in inputs {
            let handle: FileHandle
            if path == "-" {
                handle = .standardInput
            } else if let opened = FileHandle(forReadingAtPath: path) {
                handle = opened
            } else {
                throw Terminal.fail("cannot open '\(path)' for reading: check that it exists and is readable.")
            }
            let inputFormat = format ?? (path == "-" ? .text : RedactionFormat(guessingFrom: path))
            do {
                try StreamingRedaction(redactor: redactor, format: inputFormat)
                    .run(input: handle, output: output, counts: &counts)
            } catch let error as JSONStreamError {
                output.flush()
                throw Terminal.fail("\(path == "-" ? "standard input" : path): \(error); nothing after that point was written.")
            }
        }
        output.flush()
        if stats { Self.printStats(counts) }
    }

    private static func printStats(_ counts: [String: Int]) {
        guard !counts.isEmpty else {
            Terminal.printError("no values redacted")
            return
        }
        let width = counts.keys.map(\.count).max() ?? 0
        for (rule, count) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            Terminal.printError(rule.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(count)")
        }
        Terminal.printError("total".padding(toLength: width, withPad: " ", startingAt: 0)
            + "  \(counts.values.reduce(0, +))")
    }
}

/// The input formats of `loupe redact`.
enum RedactionFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, ndjson, har

    /// The format a file's extension implies; text for anything unknown.
    init(guessingFrom path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": self = .json
        case "har": self = .har
        case "ndjson", "jsonl": self = .ndjson
        default: self = .text
        }
    }
}

/// `--style` values.
struct RedactionStyleArgument: ExpressibleByArgument {
    let style: RedactionRule.ReplacementStyle
    init?(argument: String) {
        guard let style = RedactionRule.ReplacementStyle(rawValue: argument.lowercased()) else { return nil }
        self.style = style
    }
    static var allValueStrings: [String] { RedactionRule.ReplacementStyle.allCases.map(\.rawValue) }
}
