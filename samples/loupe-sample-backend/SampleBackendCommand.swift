import ArgumentParser
import ChatBackend
import Foundation
import Hummingbird
import Logging

/// `loupe-sample-backend`: runs the sample chat backend with its fault knobs until Ctrl-C or SIGTERM.
@main
struct SampleBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loupe-sample-backend",
        abstract: "Run the sample chat backend (JSON API, magic-link auth, SSE replies) with injectable faults.",
        discussion: """
            Serves the chat API of samples/ChatAPI from memory: GET /models, /conversations \
            (paged with limit and cursor), POST /conversations/{id}/messages answering \
            text/event-stream, and magic-link sign-in under /rpc. New users get sample \
            conversations full of fake personal data, so Loupe's redaction has work to do. \
            Prints "listening on http://HOST:PORT" on standard output once ready (useful with \
            --port 0); logs go to standard error. Ctrl-C or SIGTERM stops it gracefully.

            Any request can also ask for a fault with headers: X-Fault: 503 (any 204 or \
            400-599 status), X-Fault-Retry-After: SECONDS, X-Fault-Delay: MILLISECONDS, \
            X-Fault-Drop-After: EVENTS.

            EXAMPLES:
              loupe-sample-backend
              loupe-sample-backend --port 0 --token-ttl 5
              loupe-sample-backend --fail-every 4 --rate-limit-first 2 --retry-after 2
              loupe-sample-backend --delay-ms 300 --drop-stream-after 3 --stream-retry-ms 500
              curl -s -X POST localhost:8000/rpc/request_magic_link -d '{"email":"ada@example.com"}'
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8000

    @Option(name: .customLong("token-ttl"), help: ArgumentHelp("Lifetime of access tokens in seconds.", valueName: "seconds"))
    var tokenTTL = 60

    @Option(name: .customLong("stream-interval-ms"), help: ArgumentHelp("Pause between streamed reply events.", valueName: "ms"))
    var streamIntervalMilliseconds = 80

    @Option(name: .customLong("stream-retry-ms"), help: ArgumentHelp("Announce this reconnection wait (retry:) in each reply stream.", valueName: "ms"))
    var streamRetryMilliseconds: Int?

    @Option(name: .customLong("fail-first"), help: ArgumentHelp("Answer 503 to the first N requests.", valueName: "n"))
    var failFirst = 0

    @Option(name: .customLong("fail-every"), help: ArgumentHelp("Answer 503 to every Nth request.", valueName: "n"))
    var failEvery: Int?

    @Option(name: .customLong("rate-limit-first"), help: ArgumentHelp("Answer 429 to the first N requests (after --fail-first).", valueName: "n"))
    var rateLimitFirst = 0

    @Option(name: .customLong("rate-limit-every"), help: ArgumentHelp("Answer 429 to every Nth request.", valueName: "n"))
    var rateLimitEvery: Int?

    @Option(name: .customLong("retry-after"), help: ArgumentHelp("Retry-After seconds sent with injected 429 and 503.", valueName: "seconds"))
    var retryAfter = 1

    @Option(name: .customLong("delay-ms"), help: ArgumentHelp("Wait this long before answering each request.", valueName: "ms"))
    var delayMilliseconds = 0

    @Option(name: .customLong("drop-stream-after"), help: ArgumentHelp("Close each reply stream's connection after K events.", valueName: "k"))
    var dropStreamAfter: Int?

    @Flag(name: .customLong("stream-no-content"), help: "Answer reply streams with 204 No Content.")
    var streamNoContent = false

    @Flag(name: .customLong("no-seed"), help: "Start new users without the sample conversations.")
    var noSeed = false

    @Flag(name: .customLong("hide-magic-tokens"), help: "Do not return magic tokens in /rpc/request_magic_link answers.")
    var hideMagicTokens = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535; got \(port).") }
        guard tokenTTL > 0 else { throw ValidationError("--token-ttl must be at least 1 second; got \(tokenTTL).") }
        for (name, value) in [("--fail-every", failEvery), ("--rate-limit-every", rateLimitEvery)] {
            if let value, value < 1 {
                throw ValidationError("\(name) must be at least 1; got \(value).")
            }
        }
        for (name, value) in [("--fail-first", failFirst), ("--rate-limit-first", rateLimitFirst), ("--retry-after", retryAfter),
                              ("--delay-ms", delayMilliseconds), ("--stream-interval-ms", streamIntervalMilliseconds),
                              ("--drop-stream-after", dropStreamAfter ?? 0),
                              ("--stream-retry-ms", streamRetryMilliseconds ?? 0)] where value < 0 {
            throw ValidationError("\(name) must not be negative; got \(value).")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; got \"\(logLevel)\".")
        }
    }

    func run() async throws {
        var logger = Logger(label: "loupe.sample-backend") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let backend = ChatBackend(configuration: backendConfiguration, logger: logger)
        let host = self.host
        let application = backend.makeApplication { port in
            FileHandle.standardOutput.write(Data("loupe-sample-backend listening on http://\(host):\(port)\n".utf8))
        }
        do {
            try await application.runService()
        } catch {
            // Errors here are almost always bind failures; say where and what to try.
            let message = "loupe-sample-backend: cannot serve on \(host):\(port): \(error). Is another server using the port? Try --port 0.\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode(1)
        }
    }

    private var backendConfiguration: ChatBackend.Configuration {
        var configuration = ChatBackend.Configuration(host: host, port: port)
        configuration.accessTokenLifetime = .seconds(tokenTTL)
        configuration.streamInterval = .milliseconds(streamIntervalMilliseconds)
        configuration.streamRetryMilliseconds = streamRetryMilliseconds
        configuration.seedsNewUsers = !noSeed
        configuration.revealsMagicTokens = !hideMagicTokens
        configuration.faults.unavailableFirst = failFirst
        configuration.faults.unavailableEvery = failEvery
        configuration.faults.rateLimitedFirst = rateLimitFirst
        configuration.faults.rateLimitedEvery = rateLimitEvery
        configuration.faults.retryAfterSeconds = retryAfter
        configuration.faults.delay = .milliseconds(delayMilliseconds)
        configuration.faults.dropStreamAfter = dropStreamAfter
        configuration.faults.streamNoContent = streamNoContent
        return configuration
    }
}
