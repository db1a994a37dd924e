import Foundation

/// One captured exchange: an HTTP request and its response, one SSE connection attempt, or one
/// CONNECT tunnel.
///
/// Events are `Codable` with a stable JSON shape (documented in `docs/event.schema.json`); that
/// shape is also Loupe's export format. Encode with ``JSONEncoder/loupe`` to get ISO-8601 dates.
///
/// ```swift
/// var event = NetworkEvent(source: .apiClient,
///                          request: CapturedRequest(method: "GET", url: "https://api.example.com/models"))
/// event.response = CapturedResponse(status: 200)
/// ```
public struct NetworkEvent: Codable, Sendable, Hashable, Identifiable {
    /// Where an event was captured.
    public enum Source: String, Codable, Sendable, Hashable, CaseIterable {
        case apiClient
        case sseClient
        case proxyForward = "proxy-forward"
        case proxyReverse = "proxy-reverse"
        case tunnel
    }

    /// The life cycle of an event: `pending` until the response head arrives, `streaming` while a
    /// body or event stream is still flowing, then `complete` or `failed`.
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        case pending
        case streaming
        case complete
        case failed

        /// Whether no further change is expected.
        public var isFinal: Bool { self == .complete || self == .failed }
    }

    /// Identifies the event across `record`, `update`, `appendSSE` and `finish`.
    public var id: UUID
    /// Position in the logger's ingest order, assigned by ``NetworkLogger`` (0 until recorded).
    public var sequence: UInt64
    public var source: Source
    public var state: State
    public var startedAt: Date
    public var timings: EventTimings
    public var request: CapturedRequest
    public var response: CapturedResponse?
    /// The server-sent events received on this connection, in arrival order.
    public var sseEvents: [SSEEvent]
    /// The messages and close of a WebSocket connection, once the server switched protocols.
    public var webSocket: WebSocketLog?
    /// The messages and status of a gRPC call.
    public var grpc: GRPCLog?
    public var tunnel: TunnelInfo?
    /// The TLS facts of a proxied HTTPS exchange (intercepted, or to an HTTPS upstream).
    public var tls: TLSInfo?
    public var error: EventError?
    /// The `X-Request-ID` shared by all attempts of one logical request.
    public var requestID: String?
    /// 1 for the first try, 2 for the first retry, and so on.
    public var attempt: Int?
    /// How many values each redaction rule replaced in this event, by rule id.
    public var redactions: [String: Int]

    public init(
        id: UUID = .random(),
        sequence: UInt64 = 0,
        source: Source,
        state: State = .pending,
        startedAt: Date = Date(),
        timings: EventTimings = EventTimings(),
        request: CapturedRequest,
        response: CapturedResponse? = nil,
        sseEvents: [SSEEvent] = [],
        webSocket: WebSocketLog? = nil,
        grpc: GRPCLog? = nil,
        tunnel: TunnelInfo? = nil,
        tls: TLSInfo? = nil,
        error: EventError? = nil,
        requestID: String? = nil,
        attempt: Int? = nil,
        redactions: [String: Int] = [:]
    ) {
        self.id = id
        self.sequence = sequence
        self.source = source
        self.state = state
        self.startedAt = startedAt
        self.timings = timings
        self.request = request
        self.response = response
        self.sseEvents = sseEvents
        self.webSocket = webSocket
        self.grpc = grpc
        self.tunnel = tunnel
        self.tls = tls
        self.error = error
        self.requestID = requestID
        self.attempt = attempt
        self.redactions = redactions
    }

    /// Whether this event carries a server-sent event stream (by content type or by events seen).
    public var isEventStream: Bool {
        if !sseEvents.isEmpty { return true }
        return response?.body?.contentType?.lowercased().hasPrefix("text/event-stream") ?? false
    }

    /// Whether this event is a WebSocket connection (the upgrade was accepted).
    public var isWebSocket: Bool { webSocket != nil }

    /// Whether this event is a gRPC call (by content type or by messages seen).
    public var isGRPC: Bool {
        grpc != nil || request.headers.contains { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("application/grpc") }
    }

    /// Total redactions applied to this event, over all rules.
    public var redactionCount: Int { redactions.values.reduce(0, +) }
}

extension NetworkEvent {
    // Stable JSON keys; optional members are omitted when nil except where noted in the schema.
    private enum CodingKeys: String, CodingKey {
        case id, sequence, source, state, startedAt, timings, request, response, sseEvents, webSocket, grpc, tunnel, tls,
             error, requestID, attempt, redactions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        sequence = try container.decodeIfPresent(UInt64.self, forKey: .sequence) ?? 0
        source = try container.decode(Source.self, forKey: .source)
        state = try container.decode(State.self, forKey: .state)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        timings = try container.decodeIfPresent(EventTimings.self, forKey: .timings) ?? EventTimings()
        request = try container.decode(CapturedRequest.self, forKey: .request)
        response = try container.decodeIfPresent(CapturedResponse.self, forKey: .response)
        sseEvents = try container.decodeIfPresent([SSEEvent].self, forKey: .sseEvents) ?? []
        webSocket = try container.decodeIfPresent(WebSocketLog.self, forKey: .webSocket)
        grpc = try container.decodeIfPresent(GRPCLog.self, forKey: .grpc)
        tunnel = try container.decodeIfPresent(TunnelInfo.self, forKey: .tunnel)
        tls = try container.decodeIfPresent(TLSInfo.self, forKey: .tls)
        error = try container.decodeIfPresent(EventError.self, forKey: .error)
        requestID = try container.decodeIfPresent(String.self, forKey: .requestID)
        attempt = try container.decodeIfPresent(Int.self, forKey: .attempt)
        redactions = try container.decodeIfPresent([String: Int].self, forKey: .redactions) ?? [:]
    }
}
