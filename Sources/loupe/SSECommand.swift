#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import LoupeClient
import LoupeCore
import LoupeRedaction

/// `loupe sse URL`: tails a server-sent event stream through ``SSEClient`` like `curl -N`,
/// printing every event after redaction with the selected rules.
struct SSECommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sse",
        abstract: "Tail a server-sent event stream like curl -N, with every event redacted.",
        discussion: """
            Connects with Accept: text/event-stream, prints each event as it arrives and, like a \
            browser, reconnects when the stream ends or drops: after the server's retry: time or a \
            capped backoff, sending Last-Event-ID and the same body again. A 204, any other status \
            than 200 or another content type stops with exit status 2. Event data, types and ids \
            are redacted with the built-in rules (and --rules) before they are printed.

            Exit status: 0 when the stream ends under --no-reconnect, after --max-events events, \
            or on Ctrl-C (130); 2 on an HTTP or connection error.

            EXAMPLES:
              loupe sse http://127.0.0.1:8000/stream
              loupe sse --json --no-reconnect http://127.0.0.1:8000/stream | jq .data
              loupe sse -X POST -d '{"text":"hi"}' -H 'Content-Type: application/json' \\
                --max-events 5 http://127.0.0.1:8000/conversations/1/messages
              loupe sse --last-event-id 42 http://127.0.0.1:8000/stream
            """
    )

    @Argument(help: "The http or https URL of the event stream.")
    var url: String

    @Option(name: [.customShort("X"), .customLong("request")],
            help: ArgumentHelp("The HTTP method (default GET, or POST with -d).", valueName: "method"))
    var method: String?

    @Option(name: [.customShort("H"), .customLong("header")],
            help: ArgumentHelp("A request header 'Name: value'. Repeatable.", valueName: "header"))
    var headers: [String] = []

    @Option(name: [.customShort("d"), .customLong("data")],
            help: ArgumentHelp("A request body, sent again on every reconnection.", valueName: "body"))
    var body: String?

    @Option(name: .customLong("last-event-id"),
            help: ArgumentHelp("Resume after this event ID (sent as Last-Event-ID).", valueName: "id"))
    var lastEventID: String?

    @Flag(name: .customLong("no-reconnect"), help: "Stop when the stream ends instead of reconnecting.")
    var noReconnect = false

    @Option(name: .customLong("max-reconnects"),
            help: ArgumentHelp("Give up after this many reconnections (default: keep reconnecting, like a browser); exit 2 with the last error.", valueName: "n"))
    var maxReconnects: Int?

    @Option(name: .customLong("max-events"), help: ArgumentHelp("Exit 0 after this many events.", valueName: "n"))
    var maxEvents: Int?

    @Flag(help: "One JSON object per event: {\"type\", \"data\", \"id\"}; id is the last event ID after the event, null when empty.")
    var json = false

    @OptionGroup var rules: RuleOptions

    func validate() throws {
        if let maxEvents, maxEvents < 1 { throw ValidationError("--max-events must be at least 1.") }
        if let maxReconnects, maxReconnects < 0 { throw ValidationError("--max-reconnects must be 0 or more.") }
        for header in headers where Self.parseHeader(header) == nil {
            // Only the name is quoted: the value may be a token.
            let name = header.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            throw ValidationError("-H expects 'Name: value'; the header starting '\(name.prefix(40))' is not of that form.")
        }
    }

    func run() async throws {
        let redactor = Redactor(ruleSet: try rules.loadRuleSet())
        let request = SSERequest(
            url: url, method: method ?? (body == nil ? "GET" : "POST"),
            headers: headers.compactMap(Self.parseHeader), body: body.map { Data($0.utf8) },
            lastEventID: lastEventID)
        let client = SSEClient(configuration: .init(maximumReconnects: noReconnect ? 0 : maxReconnects))
        let printer = SSEEventPrinter(json: json, color: Terminal.colorEnabled())
        let maxEvents = maxEvents

        let tail = Task {
            var printed = 0
            for try await event in client.events(request) {
                var redacted = event
                _ = redactor.redact(&redacted)
                printer.print(redacted)
                printer.flush()
                printed += 1
                if let maxEvents, printed >= maxEvents { return }
            }
        }
        // Ctrl-C cancels the stream, which closes the connection, instead of killing the process
        // mid-write.
        let result = await Terminal.result(of: tail, cancellingOn: [SIGINT])
        try? await client.shutdown()
        printer.flush()

        if tail.isCancelled { throw ExitCode(130) }
        switch result {
        case .success:
            return
        case .failure(let error as SSEClientError):
            throw Terminal.fail(error.description)
        case .failure(let error):
            throw Terminal.fail("the stream failed: \(error)")
        }
    }

    /// Splits `Name: value`; nil when there is no colon or the name is empty or has spaces.
    static func parseHeader(_ text: String) -> HTTPHeader? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { return nil }
        return HTTPHeader(name: name, value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}
