import ArgumentParser
import Foundation
import LoupeCore

/// `loupe parse-sse`: parses a `text/event-stream` from files or standard input with the same
/// parser Loupe uses everywhere, streaming, and prints each dispatched event.
struct ParseSSECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse-sse",
        abstract: "Parse a text/event-stream the way a browser would and print its events.",
        discussion: """
            Reads the stream incrementally (bounded memory, events print as they complete) and \
            follows the WHATWG rules: CR, LF and CRLF line ends, comments, one leading BOM, \
            multi-line data, id and retry handling. A partial event at the end is discarded.

            EXAMPLES:
              printf 'event: delta\\ndata: hi\\n\\n' | loupe parse-sse
              loupe parse-sse --json capture.txt | jq .data
            """
    )

    @Argument(help: "Files holding an event stream (standard input when none).", completion: .file())
    var files: [String] = []

    @Flag(help: "One JSON object per event: {\"type\", \"data\", \"id\"}; id is the last event ID, null when empty.")
    var json = false

    mutating func run() throws {
        let printer = SSEEventPrinter(json: json, color: Terminal.colorEnabled())
        let inputs: [FileHandle]
        do {
            inputs = try files.isEmpty ? [.standardInput] : files.map { path in
                guard let handle = FileHandle(forReadingAtPath: path) else {
                    throw Terminal.fail("cannot open '\(path)' for reading: check that it exists and is readable.")
                }
                return handle
            }
        }
        for input in inputs {
            var parser = SSEParser()
            while let chunk = try input.read(upToCount: 64 * 1024), !chunk.isEmpty {
                for event in parser.feed(chunk) { printer.print(event) }
                printer.flush()
            }
            for event in parser.finish() { printer.print(event) }
        }
        printer.flush()
    }
}
