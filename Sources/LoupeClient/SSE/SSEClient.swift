import AsyncHTTPClient
import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1

/// A server-sent events client on AsyncHTTPClient that reconnects like a browser's
/// `EventSource` (or, with ``Configuration/reconnectsAfterEnd`` off, only after a drop) and records
/// every connection attempt in a ``NetworkLogger``.
///
/// Each call to ``events(_:)`` opens one logical stream: it connects, parses the body with
/// ``SSEParser`` and yields events as they arrive; when the stream ends or the connection drops it
/// waits (the server's `retry:` or the ``SSEReconnectPolicy`` backoff) and reconnects, sending
/// `Last-Event-ID` and the same body again. A 204, another status than 200 or a body that is not
/// `text/event-stream` ends the stream with an ``SSEClientError`` and no retry. Stopping the
/// iteration or cancelling its task closes the connection.
///
/// ```swift
/// let client = SSEClient(networkLogger: logger)
/// for try await event in client.events(SSERequest(url: "http://127.0.0.1:8000/stream")) {
///     print(event.type, event.data)
/// }
/// try await client.shutdown()
/// ```
///
/// HTTP client lifecycle: a client made with ``init(httpClient:configuration:networkLogger:)``
/// borrows the given `HTTPClient`, whose owner must keep it running while streams are open and
/// shut it down afterwards. A client made with ``init(configuration:networkLogger:)`` owns its
/// `HTTPClient` and must be ended with ``shutdown()`` once its streams are done.
public final class SSEClient: Sendable {
    /// How this client connects and reconnects.
    public let configuration: Configuration
    /// Where every connection attempt is recorded, if anywhere.
    public let networkLogger: NetworkLogger?
    private let httpClient: HTTPClient
    private let ownsHTTPClient: Bool

    /// A client that borrows `httpClient` (shared with other clients of the app); the caller
    /// shuts it down, after the streams have ended.
    public init(httpClient: HTTPClient, configuration: Configuration = Configuration(),
                networkLogger: NetworkLogger? = nil) {
        self.httpClient = httpClient
        self.ownsHTTPClient = false
        self.configuration = configuration
        self.networkLogger = networkLogger
    }

    /// A client that owns a new `HTTPClient` on the process-wide event loop group; call
    /// ``shutdown()`` when done with it.
    public init(configuration: Configuration = Configuration(), networkLogger: NetworkLogger? = nil) {
        // No read timeout: an event stream may legitimately stay silent for minutes.
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .seconds(10), read: nil))
        // The stream's own reconnection (with its backoff and limit) retries failed connections;
        // letting the pool retry too would hide a refused connection for the whole connect timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        self.httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                     configuration: clientConfiguration)
        self.ownsHTTPClient = true
        self.configuration = configuration
        self.networkLogger = networkLogger
    }

    /// Shuts down the `HTTPClient` this client owns (nothing when it borrowed one). Streams
    /// still open fail.
    public func shutdown() async throws {
        if ownsHTTPClient { try await httpClient.shutdown() }
    }

    /// Opens the stream `request` describes and yields its events, reconnecting as configured.
    ///
    /// The stream finishes normally when the consumer stops, when the task is cancelled, or when
    /// the last allowed connection ended cleanly; it throws an ``SSEClientError`` on a status,
    /// content type or (with no reconnection left) connection error.
    public func events(_ request: SSERequest) -> AsyncThrowingStream<SSEEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: SSEEvent.self, throwing: (any Error).self)
        let task = Task { await self.run(request, into: continuation) }
        // Stopping the iteration (or dropping the stream) cancels the task, which makes
        // AsyncHTTPClient close the connection.
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    // MARK: - Reconnection loop

    typealias Continuation = AsyncThrowingStream<SSEEvent, any Error>.Continuation

    /// How one connection attempt ended.
    enum AttemptOutcome {
        /// The server ended the body cleanly after this many events.
        case ended(events: Int)
        /// The connection failed or dropped after this many events; a reconnection may help.
        case dropped(SSEClientError, events: Int)
        /// The server said to stop (204, a status, a content type): no reconnection.
        case fatal(SSEClientError)
        /// The consumer went away or the task was cancelled.
        case cancelled
    }

    private func run(_ request: SSERequest, into continuation: Continuation) async {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else {
            continuation.finish(throwing: SSEClientError.invalidURL(Self.displayURL(request.url)))
            return
        }
        // One id for every attempt, so the log groups the reconnections of one stream.
        let requestID = request.headers["x-request-id"] ?? UUID().uuidString
        var parser = SSEParser(lastEventID: request.lastEventID ?? "")
        var attempt = 0
        var consecutiveFailures = 0
        while true {
            attempt += 1
            let outcome = await connect(request, attempt: attempt, requestID: requestID, parser: &parser,
                                        continuation: continuation)
            var lastError: SSEClientError?
            switch outcome {
            case .cancelled:
                continuation.finish()
                return
            case .fatal(let error):
                continuation.finish(throwing: error)
                return
            case .ended where !configuration.reconnectsAfterEnd:
                continuation.finish()
                return
            case .ended(let events):
                // A stream that delivered events and ended is normal; an empty one counts as a
                // failure so that a server closing at once is not hammered.
                consecutiveFailures = events > 0 ? 0 : consecutiveFailures + 1
            case .dropped(let error, let events):
                consecutiveFailures = events > 0 ? 1 : consecutiveFailures + 1
                lastError = error
            }
            if let maximum = configuration.maximumReconnects, attempt > maximum {
                if let lastError { continuation.finish(throwing: lastError) } else { continuation.finish() }
                return
            }
            let delay = configuration.reconnectPolicy.delay(serverRetry: parser.reconnectionTime,
                                                            consecutiveFailures: consecutiveFailures,
                                                            random: Double.random(in: 0..<1))
            do {
                try await Task.sleep(for: delay)
            } catch {
                continuation.finish()  // cancelled while waiting
                return
            }
        }
    }

    // MARK: - One connection attempt

    private func connect(_ request: SSERequest, attempt: Int, requestID: String, parser: inout SSEParser,
                         continuation: Continuation) async -> AttemptOutcome {
        let headers = requestHeaders(for: request, requestID: requestID, lastEventID: parser.lastEventID)
        var httpRequest = HTTPClientRequest(url: request.url)
        httpRequest.method = HTTPMethod(rawValue: request.method.uppercased())
        for header in headers { httpRequest.headers.add(name: header.name, value: header.value) }
        if let body = request.body { httpRequest.body = .bytes(ByteBuffer(bytes: body)) }

        var log = AttemptLog(logger: networkLogger)
        let startedAt = Date()
        await log.record(NetworkEvent(
            source: .sseClient, startedAt: startedAt,
            request: CapturedRequest(method: request.method.uppercased(), url: request.url, headers: headers,
                                     body: .capture(request.body, contentType: headers["content-type"],
                                                      limit: configuration.bodyCaptureLimit)),
            requestID: requestID, attempt: attempt))

        let url = Self.displayURL(request.url)
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(httpRequest, timeout: TimeAmount(configuration.headTimeout))
        } catch {
            return await Self.outcome(of: error, url: url, events: 0, log: log)
        }

        let captured = Self.capturedResponse(response)
        let ttfb = Date().timeIntervalSince(startedAt) * 1000
        let mediaType = Self.displayMediaType(response.headers.first(name: "content-type"))
        let fatal: SSEClientError? = switch response.status.code {
        case 204: .noContent(url: url)
        case 200 where mediaType != "text/event-stream": .unexpectedContentType(mediaType, url: url)
        case 200: nil
        default: .unexpectedStatus(Int(response.status.code), reason: response.status.reasonPhrase, url: url)
        }
        if let fatal {
            await log.finish(response: captured, ttfb: ttfb, error: EventError(kind: .http, message: fatal.description))
            return .fatal(fatal)
        }
        await log.open(response: captured, ttfb: ttfb)

        var count = 0
        do {
            for try await buffer in response.body {
                for event in parser.feed(buffer.readableBytesView) {
                    // Logged before it is delivered, so whoever holds an event finds it in the log.
                    await log.append(event)
                    count += 1
                    if case .terminated = continuation.yield(event) {
                        parser.finish()
                        await log.finish(error: Self.cancelledError)
                        return .cancelled
                    }
                }
            }
        } catch {
            parser.finish()
            return await Self.outcome(of: error, url: url, events: count, log: log)
        }
        parser.finish()  // a trailing partial event is discarded, as the spec requires
        if Task.isCancelled {
            await log.finish(error: Self.cancelledError)
            return .cancelled
        }
        await log.finish()
        return .ended(events: count)
    }

    /// What a failed connect or body read means: the caller stopped reading, or the connection
    /// dropped after `events` events (finishing the attempt's log entry either way).
    private static func outcome(of error: any Error, url: String, events: Int, log: AttemptLog) async -> AttemptOutcome {
        if Task.isCancelled || error is CancellationError {
            await log.finish(error: cancelledError)
            return .cancelled
        }
        let transport = TransportFailure(error)
        let failure = SSEClientError.connectionFailed(reason: transport.reason, url: url)
        await log.finish(error: EventError(kind: transport.eventKind, message: failure.description))
        return .dropped(failure, events: events)
    }

    /// The caller's headers plus the ones an event stream needs, in the order they are sent.
    private func requestHeaders(for request: SSERequest, requestID: String, lastEventID: String) -> [HTTPHeader] {
        var headers = request.headers.filter { !$0.name.caseInsensitiveEquals("last-event-id") }
        if headers["accept"] == nil { headers.append(HTTPHeader(name: "Accept", value: "text/event-stream")) }
        if headers["cache-control"] == nil { headers.append(HTTPHeader(name: "Cache-Control", value: "no-cache")) }
        if headers["x-request-id"] == nil { headers.append(HTTPHeader(name: "X-Request-ID", value: requestID)) }
        if !lastEventID.isEmpty {
            headers.append(HTTPHeader(name: "Last-Event-ID", value: lastEventID))
        } else if let original = request.headers["last-event-id"] {
            headers.append(HTTPHeader(name: "Last-Event-ID", value: original))
        }
        return headers
    }
}

// MARK: - Helpers

extension SSEClient {
    static let cancelledError = EventError(kind: .cancelled, message: "The client stopped reading the stream.")

    /// The URL without its query, fragment or user info, which may hold credentials, for messages.
    static func displayURL(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "the server" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? "the server"
    }

    /// The media type of a `Content-Type`, without parameters, when it looks like one; nil
    /// otherwise, so that a header carrying something else is never quoted in a message.
    static func displayMediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = (contentType.split(separator: ";", maxSplits: 1).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789/.+-_")
        guard !mediaType.isEmpty, mediaType.count <= 80, mediaType.allSatisfy(allowed.contains),
              mediaType.filter({ $0 == "/" }).count == 1
        else { return nil }
        return mediaType
    }

    static func capturedResponse(_ response: HTTPClientResponse) -> CapturedResponse {
        CapturedResponse(status: Int(response.status.code), reason: response.status.reasonPhrase,
                         httpVersion: response.versionText, headers: response.headerList)
    }
}
