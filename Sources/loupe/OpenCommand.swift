#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import LoupeServer

/// `loupe open FILE`: the web inspector over a saved log, served on a loopback port until stopped.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse a saved log in the web inspector: serves it on a loopback port and prints the address.",
        discussion: """
            Reads a Loupe zip bundle, a HAR file (Loupe's or a browser's) or NDJSON (the format \
            comes from the extension, else from the first bytes), redacts every event with the \
            rules (built-in, --rules, LOUPE_RULES) as it is read, so a browser HAR with live tokens \
            is safe to open, and serves the result with the log API and the web inspector until \
            Ctrl-C. The address printed carries a random access token; other users of the machine \
            and other web pages cannot read the log without it.

            EXAMPLES:
              loupe open debug.zip
              loupe open chrome-session.har --rules ./team-rules
              loupe open export.ndjson --listen 127.0.0.1:9902
              loupe open session.log --format ndjson
            """
    )

    @Argument(help: ArgumentHelp("The saved log: Loupe zip bundle, HAR or NDJSON.", valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("The file's format, when its extension does not say (zip, har or ndjson).", valueName: "format"))
    var format: ExportFormat?

    @Option(help: ArgumentHelp("Where to serve, host:port (port 0: any free one).", valueName: "host:port"))
    var listen = "127.0.0.1:0"

    @Flag(name: .customLong("allow-remote"), help: "Allow serving on a non-loopback address.")
    var allowRemote = false

    @OptionGroup var apiAccess: APIAccessOptions

    @OptionGroup var rules: RuleOptions

    func validate() throws {
        guard let (host, _) = ProxyCommand.hostAndPort(listen) else {
            throw ValidationError("--listen expects host:port, like 127.0.0.1:9902 (port 0 picks a free one).")
        }
        if !allowRemote, !(host == "localhost" || host == "::1" || host.hasPrefix("127.")) {
            throw ValidationError("--listen \(host) can be reached from other machines; serve on 127.0.0.1, or pass --allow-remote if that is what you want.")
        }
    }

    func run() async throws {
        let ruleSet = try rules.loadRuleSet()
        let progress = ProgressLine()
        var events: [NetworkEvent] = []
        do {
            try EventFileReader(redactor: Redactor(ruleSet: ruleSet)).read(contentsOf: URL(fileURLWithPath: file), format: format) { event in
                events.append(event)
                progress.show("reading: \(events.count) events")
            }
        } catch {
            progress.clear()
            throw Terminal.fail(error.description)
        }
        progress.clear()
        // Every event of the file stays: the log is as large as the file, and already redacted.
        let networkLogger = NetworkLogger(configuration: .init(maxEvents: max(1, events.count), maxBytes: .max))
        for event in events { await networkLogger.record(event) }
        events = []

        let (host, port) = ProxyCommand.hostAndPort(listen)!
        let server = LogAPIServer(logger: networkLogger, configuration: .init(
            host: host, port: port, allowRemote: allowRemote, source: .file, ruleSet: ruleSet,
            accessToken: apiAccess.resolvedToken))
        let running: LogAPIServer.Running
        do {
            running = try await server.start()
        } catch {
            throw Terminal.fail("could not serve \(file) on \(listen): \(error). Choose another --listen port.")
        }
        let count = await networkLogger.stats.storedEvents
        Terminal.printError("loupe open: \(count) event\(count == 1 ? "" : "s") from \(file), redacted with \(ruleSet.id)")
        APIAccessOptions.announce(running, command: "open")
        Terminal.printError("loupe open: Ctrl-C stops serving")
        await Terminal.waitForSignal([SIGINT, SIGTERM])
        await running.shutdown()
    }
}
