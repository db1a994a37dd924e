import ArgumentParser
import Foundation
import Logging
import LoupeCore

@main
struct LoupeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loupe",
        abstract: "A network debugging proxy and log console that redacts secrets before anything is stored.",
        discussion: """
            Loupe captures HTTP and server-sent-event traffic, removes tokens, keys and personal data \
            at ingest, and keeps the result in a bounded in-memory log that you can filter, watch \
            and export.

            EXAMPLES:
              See it work: a sample chat app, a proxy and the console on one redacted log:
                loupe demo
              Check a filter expression and see how Loupe reads it:
                loupe filter 'method:POST status:>=400 or has:error'
              Parse an event stream as a browser would, one JSON line per event:
                curl -sN http://127.0.0.1:8000/stream | loupe parse-sse --json
              Tail an event stream, redacted, reconnecting like a browser (Last-Event-ID):
                loupe sse --json http://127.0.0.1:8000/stream
              Check that every rule redacts its examples and spares its counterexamples:
                loupe rules test --rules ./my-rules
              Run a forward proxy that logs every exchange, redacted, then use it:
                loupe proxy --listen 127.0.0.1:8080 &
                curl -x http://127.0.0.1:8080 http://example.com/
              Check logs and exports for leaked secrets (exit 1 on findings; SARIF for CI):
                loupe scan logs/ export.zip --format sarif --output loupe.sarif
              Export a sanitized log from a running log API, or convert a browser HAR:
                loupe export --from http://127.0.0.1:9901 -o debug.zip
                loupe export --from chrome-session.har -o shared.har
              Browse a saved log or a browser's HAR in the web inspector (prints its address):
                loupe open debug.zip
              Watch a proxy's traffic live in the console while it serves:
                loupe proxy --upstream http://127.0.0.1:8000 --console
              Where Loupe's certificate authority is, and how to trust it for HTTPS:
                loupe ca

            Filter language, rule files and the event format are described in README.md.
            Colours follow NO_COLOR and are off when output is not a terminal.
            """,
        version: Loupe.version,
        subcommands: [FilterCommand.self, ConsoleCommand.self, ParseSSECommand.self, SSECommand.self, RulesCommand.self,
                      RedactCommand.self, ScanCommand.self, ExportCommand.self, OpenCommand.self, ProxyCommand.self, CACommand.self,
                      DemoCommand.self]
    )

    /// Sends library log lines to standard error (standard output carries results), at `warning`
    /// unless `LOUPE_LOG_LEVEL` (trace, debug, info, notice, warning, error, critical) says otherwise.
    static func main() async {
        let level = ProcessInfo.processInfo.environment["LOUPE_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level ?? .warning
            return handler
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
