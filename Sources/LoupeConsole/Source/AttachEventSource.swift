import AsyncHTTPClient
import Foundation
import Logging
import LoupeClient
import LoupeCore
import LoupeExport
import NIOCore

/// The events of a running Loupe log API (`loupe console --attach URL`): a snapshot from
/// `GET {base}/v1/events?limit=N`, then the live feed `GET {base}/v1/events/stream` read with
/// ``SSEClient``.
///
/// When the feed ends or the server goes away, the source says so in the status bar, waits (the
/// ``SSEReconnectPolicy`` backoff) and connects again, taking a new snapshot each time, so the
/// console survives the server restarting. Each session opens the feed first and takes the
/// snapshot once the feed has answered, so no change between the two is lost. The rule set id
/// and the count of events the server could not log, for the status bar, come from
/// `GET {base}/v1/stats` when the server reports them.
public struct AttachEventSource: EventSource {
    /// How many events to fetch, how to reconnect, where to log.
    public struct Configuration: Sendable {
        /// The `limit` of the snapshot request: the newest events to fetch.
        public var limit: Int
        /// The waits between reconnections.
        public var reconnectPolicy: SSEReconnectPolicy
        /// How long a snapshot request or the feed's response head may take.
        public var requestTimeout: Duration
        /// The largest snapshot body accepted.
        public var maximumSnapshotBytes: Int
        /// How often `/v1/stats` is read for the status bar's count of events not logged.
        public var statsInterval: Duration
        /// Where connection problems are logged (the console shows them in its status bar too).
        public var logger: Logger

        /// A configuration with defaults: 10 000 events, 1 s to 30 s backoff, 30 s timeout, 1 GiB.
        public init(limit: Int = 10_000, reconnectPolicy: SSEReconnectPolicy = SSEReconnectPolicy(),
                    requestTimeout: Duration = .seconds(30), maximumSnapshotBytes: Int = 1 << 30,
                    statsInterval: Duration = .seconds(2),
                    logger: Logger = Logger(label: "loupe.console.attach")) {
            self.statsInterval = statsInterval
            self.limit = limit
            self.reconnectPolicy = reconnectPolicy
            self.requestTimeout = requestTimeout
            self.maximumSnapshotBytes = maximumSnapshotBytes
            self.logger = logger
        }
    }

    /// The log API's base URL (without a trailing slash) and access token.
    public let address: LogAPIAddress
    public let label: String
    public let configuration: Configuration

    /// The log API's base URL, without a trailing slash.
    public var baseURL: String { address.baseURL }

    /// A source for the log API at `address` (`http://127.0.0.1:9901/?token=…`, read as
    /// ``LogAPIAddress`` reads it).
    ///
    /// - Parameter accessToken: The token when the address has none.
    /// - Throws: ``AttachError/invalidURL(_:)`` when it is not an http(s) address.
    public init(baseURL address: String, accessToken: String? = nil,
                configuration: Configuration = Configuration()) throws(AttachError) {
        self.address = try LogAPIAddress(address, accessToken: accessToken)
        let url = URL(string: self.address.baseURL)
        self.label = "attach \(url?.host ?? self.address.baseURL)\(url?.port.map { ":\($0)" } ?? "")"
        self.configuration = configuration
    }

    var snapshotPath: String { "/v1/events?limit=\(max(1, configuration.limit))" }

    public func snapshot() async throws -> [NetworkEvent] {
        let http = APIClient.makeHTTPClient(connectTimeout: .seconds(5))
        do {
            let events = try await fetchSnapshot(http)
            try await http.shutdown()
            return events
        } catch {
            try? await http.shutdown()
            // A connection failure reads as NIO's internals; name the address and the cause instead.
            if error is AttachError || error is CancellationError { throw error }
            throw AttachError.unreachable(url: baseURL, reason: Self.shortReason(error))
        }
    }

    public func updates() -> AsyncStream<SourceUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: SourceUpdate.self)
        let task = Task { await run(continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    // MARK: - Sessions

    private func run(_ continuation: AsyncStream<SourceUpdate>.Continuation) async {
        let http = APIClient.makeHTTPClient(connectTimeout: .seconds(5))
        var failures = 0
        continuation.yield(.status("connecting"))
        while !Task.isCancelled {
            let reason: String
            do {
                try await session(http, continuation)
                failures = 0
                reason = "the feed ended"
            } catch is CancellationError {
                break
            } catch {
                failures += 1
                reason = Self.shortReason(error)
                configuration.logger.debug("Lost the log API feed; reconnecting.",
                                          metadata: ["url": "\(baseURL)", "reason": "\(reason)"])
            }
            if Task.isCancelled { break }
            let delay = configuration.reconnectPolicy.delay(serverRetry: nil, consecutiveFailures: max(1, failures))
            continuation.yield(.status("reconnecting in \(EventFormat.duration(milliseconds: Self.milliseconds(delay))): \(reason)"))
            do { try await Task.sleep(for: delay) } catch { break }
            continuation.yield(.status("connecting"))
        }
        try? await http.shutdown()
        continuation.finish()
    }

    /// One connection: open the feed, wait for its answer, take the snapshot, then apply the feed
    /// until it ends (returns) or fails (throws).
    private func session(_ http: HTTPClient, _ continuation: AsyncStream<SourceUpdate>.Continuation) async throws {
        // The SSE client records its connection attempt here, which tells when the feed answered.
        // A small byte budget drops the attempt once its events would pile up.
        // Its warning about dropping a grown attempt is expected here, so it goes nowhere.
        let attempts = NetworkLogger(configuration: .init(
            maxEvents: 4, maxBytes: 256 * 1024,
            logger: Logger(label: "loupe.console.attach.attempts", factory: { _ in SwiftLogNoOpLogHandler() })))
        var attemptChanges: AsyncStream<NetworkLogger.Change>? = await attempts.changes()
        let client = SSEClient(httpClient: http,
                               configuration: .init(maximumReconnects: 0, headTimeout: configuration.requestTimeout),
                               networkLogger: attempts)
        let feed = client.events(SSERequest(
            url: baseURL + "/v1/events/stream",
            headers: address.accessToken.map { [HTTPHeader(name: "Authorization", value: "Bearer \($0)")] } ?? []))
        if let changes = attemptChanges {
            for await change in changes {
                if case .updated(let attempt) = change, attempt.response != nil || attempt.state.isFinal { break }
            }
        }
        attemptChanges = nil  // unsubscribe: the attempt's events are not needed
        try Task.checkCancellation()

        var iterator = feed.makeAsyncIterator()
        continuation.yield(.reset(try await fetchSnapshot(http), evicted: nil))
        if let ruleSetID = await fetchStats(http)?.ruleSet?.id { continuation.yield(.ruleSetID(ruleSetID)) }
        continuation.yield(.status(nil))
        let statsPoller = Task { await pollNotLogged(http, continuation) }
        defer { statsPoller.cancel() }
        let decoder = AttachChangeDecoder()
        while let sse = try await iterator.next() {
            do {
                if let change = try decoder.change(for: sse) { continuation.yield(.change(change)) }
            } catch {
                configuration.logger.warning("\(error)")
            }
        }
        try Task.checkCancellation()
    }

    private func fetchSnapshot(_ http: HTTPClient) async throws -> [NetworkEvent] {
        var request = address.request(snapshotPath)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await http.execute(request, timeout: .nanoseconds(Int64(Self.milliseconds(configuration.requestTimeout) * 1_000_000)))
        if response.status.code == 401 { throw AttachError.tokenRefused(url: baseURL) }
        guard response.status.code == 200 else {
            throw AttachError.unexpectedStatus(Int(response.status.code), url: "\(baseURL)/v1/events")
        }
        let body = try await response.body.collect(upTo: configuration.maximumSnapshotBytes)
        do {
            return try JSONDecoder.loupe().decode([NetworkEvent].self, from: Data(body.readableBytesView))
        } catch {
            throw AttachError.invalidSnapshot(url: "\(baseURL)/v1/events")
        }
    }

    /// The parts of `/v1/stats` the status bar shows.
    private struct Stats: Decodable {
        var ruleSet: ExportManifest.RuleSetIdentity?
        var droppedEvents: Int?
    }

    /// What `/v1/stats` reports, or nil when it does not answer: the status bar is all it is used
    /// for, so a failure here does not end the session.
    private func fetchStats(_ http: HTTPClient) async -> Stats? {
        guard let response = try? await http.execute(address.request("/v1/stats"), timeout: .seconds(5)),
              response.status.code == 200,
              let body = try? await response.body.collect(upTo: 1 << 20)
        else { return nil }
        return try? JSONDecoder().decode(Stats.self, from: Data(body.readableBytesView))
    }

    /// Reads `/v1/stats` every ``Configuration/statsInterval`` and reports a change in how many
    /// events the server could not log, until cancelled.
    private func pollNotLogged(_ http: HTTPClient, _ continuation: AsyncStream<SourceUpdate>.Continuation) async {
        var reported = 0
        repeat {
            if let dropped = await fetchStats(http)?.droppedEvents, dropped != reported {
                reported = dropped
                continuation.yield(.notLogged(dropped))
            }
        } while (try? await Task.sleep(for: configuration.statsInterval)) != nil
    }

    // MARK: - Helpers

    /// A few words for the status bar about why the feed stopped.
    static func shortReason(_ error: any Error) -> String {
        switch error {
        case SSEClientError.connectionFailed(let reason, _):
            return reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        case SSEClientError.unexpectedStatus(401, _, _):
            return "the access token was refused (HTTP 401)"
        case SSEClientError.unexpectedStatus(let status, _, _), AttachError.unexpectedStatus(let status, _):
            return "HTTP \(status)"
        case let error as AttachError:
            return error.description
        default:
            return TransportFailure(error).phrase
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
