import ArgumentParser
import AsyncHTTPClient
import Foundation
import LoupeClient
import LoupeCore
import LoupeConsole
import LoupeExport
import LoupeRedaction
import NIOCore
import NIOFoundationCompat

/// `loupe export --from (URL | FILE) -o OUT`: writes a verified, sanitized export from a running
/// log API or by converting a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a sanitized log as a zip bundle, HAR 1.2 or NDJSON.",
        discussion: """
            Reads events from a running log API (--from http://127.0.0.1:9901: `loupe proxy` \
            serves one there unless --no-api, `loupe demo --port` on the port given) or from a \
            file (a Loupe zip bundle, HAR from Loupe or a browser, NDJSON), redacts everything \
            read, and writes OUT. Before OUT is finalized every string \
            is scanned once more with the rules; what is still found is redacted and counted in the \
            manifest as late redactions. OUT is written atomically with mode 0600: an interrupted \
            export leaves no partial file.

            The format comes from OUT's extension (.zip, .har, .ndjson) unless --format is given. \
            A zip bundle holds manifest.json, events.json (Loupe's event shape) and events.har.

            EXAMPLES:
              Everything a running proxy has logged, as a zip bundle for a bug report:
                loupe export --from http://127.0.0.1:9901 -o debug.zip
              Only the server errors, as HAR for a browser's developer tools:
                loupe export --from http://127.0.0.1:9901 -o 5xx.har --filter status:5xx
              A browser's HAR with live tokens, sanitized for sharing:
                loupe export --from chrome-session.har -o shared.zip
              A bundle converted to one event per line, for jq:
                loupe export --from debug.zip -o debug.ndjson
            """
    )

    @Option(help: ArgumentHelp("The log API's base URL (http://HOST:PORT) or a file to convert.", valueName: "url-or-file"))
    var from: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "file"), completion: .file())
    var output: String

    @Option(help: "zip, har or ndjson (default: from the extension of --output).")
    var format: ExportFormat?

    @Option(help: ArgumentHelp("Export only the events matching this filter expression.", valueName: "expr"))
    var filter: String?

    @OptionGroup var rules: RuleOptions

    func run() async throws {
        let eventFilter = try parsedFilter()
        guard let format = format ?? ExportFormat(path: output) else {
            throw Terminal.fail("cannot tell the format from '\(output)'; name it .zip, .har or .ndjson, or add --format.")
        }
        let ruleSet = try rules.loadRuleSet()
        let redactor = Redactor(ruleSet: ruleSet)
        let destination = URL(fileURLWithPath: output)
        let progress = ProgressLine()
        let manifest: ExportManifest
        do {
            if let address = try Self.apiAddress(from) {
                manifest = try await exportFromAPI(address: address, format: format, ruleSet: ruleSet, redactor: redactor,
                                                   destination: destination, progress: progress)
            } else {
                manifest = try exportFromFile(format: format, filter: eventFilter, ruleSet: ruleSet, redactor: redactor,
                                              destination: destination, progress: progress)
            }
        } catch let error as ExportError {
            progress.clear()
            throw Terminal.fail(error.description)
        }
        progress.clear()
        var summary = "Wrote \(manifest.eventCount) event\(manifest.eventCount == 1 ? "" : "s") to \(output) (\(format.rawValue))"
        if manifest.evictedEvents > 0 { summary += "; the log had evicted \(manifest.evictedEvents) earlier events" }
        print(summary + ".")
        if manifest.verification.lateRedactions > 0 {
            let rules = manifest.verification.lateRedactionsByRule.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            Terminal.printError("warning: the verification pass redacted \(manifest.verification.lateRedactions) "
                                + "value(s) the capture-time redaction missed (\(rules)).")
        }
    }

    private func parsedFilter() throws -> EventFilter {
        guard let filter else { return .all }
        do {
            return try EventFilter(parsing: filter)
        } catch {
            throw Terminal.fail("--filter: \(error.description)")
        }
    }

    /// The log API address of an http(s) URL (read as `console --attach` reads it, the token from
    /// its `token` parameter or `LOUPE_API_TOKEN`), nil for a file.
    static func apiAddress(_ text: String) throws -> LogAPIAddress? {
        guard text.hasPrefix("http://") || text.hasPrefix("https://") else { return nil }
        do {
            return try LogAPIAddress(text, accessToken: APIAccessOptions.environmentToken)
        } catch {
            throw Terminal.fail("--from: \(error.description)")
        }
    }

    private func exportFromFile(format: ExportFormat, filter: EventFilter, ruleSet: RuleSet, redactor: Redactor,
                                destination: URL, progress: ProgressLine) throws -> ExportManifest {
        let source = URL(fileURLWithPath: from)
        guard source.standardizedFileURL.path != destination.standardizedFileURL.path else {
            throw Terminal.fail("--from and --output are the same file; write the export somewhere else.")
        }
        let writer = try ExportWriter(destination: destination, configuration: .init(
            format: format, source: .file, filter: self.filter, ruleSet: ruleSet))
        let interrupt = InterruptCleanup(path: writer.stagingDirectory)
        defer { interrupt.cancel() }
        try EventFileReader(redactor: redactor).read(contentsOf: source) { event throws(ExportError) in
            guard filter.matches(event) else { return }
            try writer.write(event)
            progress.show("exporting: \(writer.eventCount) events")
        }
        return try writer.finish()
    }

    private func exportFromAPI(address: LogAPIAddress, format: ExportFormat, ruleSet: RuleSet, redactor: Redactor,
                               destination: URL, progress: ProgressLine) async throws -> ExportManifest {
        // Fails fast when nothing listens (the shared client would keep retrying the connection).
        let client = APIClient.makeHTTPClient(connectTimeout: .seconds(5))
        do {
            let manifest = try await exportFromAPI(address: address, client: client, format: format, ruleSet: ruleSet,
                                                   redactor: redactor, destination: destination, progress: progress)
            try? await client.shutdown()
            return manifest
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func exportFromAPI(address: LogAPIAddress, client: HTTPClient, format: ExportFormat, ruleSet: RuleSet,
                               redactor: Redactor, destination: URL, progress: ProgressLine) async throws -> ExportManifest {
        let stats = try await fetchStats(address: address, client: client)
        let writer = try ExportWriter(destination: destination, configuration: .init(
            format: format, source: ExportManifest.Source(rawValue: stats.source) ?? .app, filter: filter,
            ruleSet: ruleSet, evictedEvents: stats.evictedEvents, evictedBytes: stats.evictedBytes))
        let interrupt = InterruptCleanup(path: writer.stagingDirectory)
        defer { interrupt.cancel() }

        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "format", value: "ndjson")]
            + (filter.map { [URLQueryItem(name: "filter", value: $0)] } ?? [])
        let path = "/v1/export" + (components.string ?? "?format=ndjson")
        let url = address.baseURL + path
        let response = try await execute(path, address: address, client: client)
        var decoder = EventStreamDecoder(format: .ndjson, redactor: redactor)
        do {
            for try await buffer in response.body {
                try decoder.feed(Data(buffer: buffer)) { event throws(ExportError) in
                    try writer.write(event)
                    progress.show("exporting: \(writer.eventCount) events")
                }
            }
            try decoder.finish { event throws(ExportError) in try writer.write(event) }
        } catch var error as ExportError {
            if error.path.isEmpty { error.path = url }
            throw error
        } catch {
            throw Terminal.fail("the log API at \(address.baseURL) stopped sending the export: \(TransportFailure(error).phrase).")
        }
        return try writer.finish()
    }

    private struct RemoteStats: Decodable {
        var source: String
        var evictedEvents: Int
        var evictedBytes: Int
    }

    private func fetchStats(address: LogAPIAddress, client: HTTPClient) async throws -> RemoteStats {
        let response = try await execute("/v1/stats", address: address, client: client)
        let body = try await response.body.collect(upTo: 1 << 20)
        do {
            return try JSONDecoder().decode(RemoteStats.self, from: Data(buffer: body))
        } catch {
            throw Terminal.fail("\(address.baseURL)/v1/stats did not answer like a Loupe log API; check --from.")
        }
    }

    /// GETs `path` of the log API, failing with the server's message for any status but 200.
    private func execute(_ path: String, address: LogAPIAddress, client: HTTPClient) async throws -> HTTPClientResponse {
        let url = address.baseURL + path
        let response: HTTPClientResponse
        do {
            response = try await client.execute(address.request(path), timeout: .seconds(600))
        } catch {
            throw Terminal.fail("cannot reach the log API at \(url): \(TransportFailure(error).phrase); is a `loupe proxy` (log API on "
                                + "127.0.0.1:9901 by default) or `loupe demo` running there?")
        }
        if response.status.code == 401 { throw Terminal.fail(AttachError.tokenRefused(url: address.baseURL).description) }
        guard response.status == .ok else {
            let body = (try? await response.body.collect(upTo: 64 << 10)).map { String(buffer: $0) } ?? ""
            throw Terminal.fail("the log API answered \(response.status.code) for \(url): \(body.prefix(300))")
        }
        return response
    }
}

extension ExportFormat: ExpressibleByArgument {}
