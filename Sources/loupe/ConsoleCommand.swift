#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Logging
import LoupeConsole
import LoupeCore
import LoupeExport
import LoupeRedaction

/// `loupe console`: the terminal console over an event file or a running log API; a plain table
/// when output is not a terminal.
struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Browse captured events in the terminal: list, filter, details, export.",
        discussion: """
            Opens a saved log (--open: a Loupe zip bundle, a HAR file from Loupe or a browser, or \
            NDJSON; the format comes from the extension, else from the first bytes) or follows a \
            running Loupe log API (--attach, reconnecting when the server restarts). Everything read \
            from a file is redacted with the rules (built-in, --rules, LOUPE_RULES) before it is \
            shown, so a browser HAR with live tokens is safe to open. The list shows time, method, status, host and path, \
            duration, size and markers (SSE with its event count, TUN tunnel, ERR error, RED \
            redacted); Enter opens the Request, Response, Events, Timing and Redactions tabs; / \
            filters with the same language as everywhere else; x exports the events shown (.zip by \
            default, .har or .ndjson by the name's extension) atomically, owner-only, after the \
            verification pass; ? lists every key. The status bar names the rule set in use (for \
            --attach, the one the server reports).

            When standard output is not a terminal (or with --plain) the (filtered) events are \
            printed as a plain table instead. Colours follow NO_COLOR.

            EXAMPLES:
              loupe console --open samples/events.ndjson
              loupe console --open debug.zip --filter 'status:>=400 or has:error'
              loupe console --open chrome-session.har --rules ./team-rules
              loupe console --attach http://127.0.0.1:9901
              loupe console --open export.ndjson --filter kind:sse | grep api.example.com
            """
    )

    @Option(name: .customLong("open"),
            help: ArgumentHelp("A saved log: Loupe zip bundle, HAR (Loupe's or a browser's) or NDJSON.", valueName: "file"),
            completion: .file())
    var file: String?

    @Option(help: ArgumentHelp("The base URL of a running Loupe log API.", valueName: "url"))
    var attach: String?

    @Option(help: ArgumentHelp("Show only events matching this filter expression.", valueName: "expr"))
    var filter: String?

    @Option(help: ArgumentHelp("With --attach: how many of the newest events to fetch first.", valueName: "n"))
    var limit: Int = 10_000

    @Flag(help: "Print the plain table even when output is a terminal.")
    var plain = false

    @OptionGroup var rules: RuleOptions

    func validate() throws {
        if (file == nil) == (attach == nil) {
            throw ValidationError("Give exactly one of --open FILE and --attach URL.")
        }
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        let eventFilter: EventFilter
        do {
            eventFilter = try EventFilter(parsing: filter ?? "")
        } catch {
            throw Terminal.fail("invalid --filter at \(error)")
        }
        let ruleSet = try rules.loadRuleSet()
        var options = ConsoleOptions(initialFilter: filter, exporter: ViewExporter(ruleSet: ruleSet))
        let source: any EventSource
        if let file {
            do {
                source = try EventListSource(contentsOf: URL(fileURLWithPath: file),
                                             reader: EventFileReader(redactor: Redactor(ruleSet: ruleSet)))
            } catch {
                throw Terminal.fail(error.description)
            }
            options.ruleSetID = ruleSet.id
        } else {
            do {
                // Log lines would be drawn over the screen; the status bar shows connection problems.
                let quiet = Logger(label: "loupe.console", factory: { _ in SwiftLogNoOpLogHandler() })
                source = try AttachEventSource(baseURL: attach ?? "", accessToken: APIAccessOptions.environmentToken,
                                               configuration: .init(limit: limit, logger: quiet))
            } catch {
                throw Terminal.fail(error.description)
            }
            // The attached API's rule set id arrives from its /v1/stats; exports are verified here.
            options.exporter.source = .app
        }

        guard !plain, Terminal.canShowConsole else {
            let events: [NetworkEvent]
            do {
                events = try await source.snapshot()
            } catch {
                throw Terminal.fail("could not read the events: \(error)")
            }
            let lines = PlainTable().lines(events, filter: eventFilter)
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            return
        }
        let console = Task { try await Console.run(source: source, options: options) }
        // SIGTERM and SIGHUP (the terminal went away) end the console the normal way, which
        // restores the terminal, instead of killing it mid-screen.
        if case .failure(let error) = await Terminal.result(of: console, cancellingOn: [SIGTERM, SIGHUP]) { throw Terminal.fail("\(error)") }
    }
}
