import LoupeCore

/// One exchange in a HAR file, with Loupe's custom members (`_id`, `_source`, `_state`,
/// `_eventStream`, `_tunnel`, `_error`, `_redactions` …) that make a Loupe-written HAR round-trip.
public struct HAREntry: Codable, Sendable, Hashable {
    /// ISO-8601 start time, e.g. `2026-11-22T06:00:00.123Z`.
    public var startedDateTime: String
    /// Total milliseconds.
    public var time: Double
    public var request: HARRequest
    public var response: HARResponse
    /// Always `{}`: Loupe records no cache information.
    public var cache: HARCache
    public var timings: HARTimings
    public var serverIPAddress: String?
    public var connection: String?

    /// Server-sent events received on this response, mirroring Chrome's `_webSocketMessages`.
    public var eventStream: [HAREventStreamMessage]?
    /// WebSocket messages, as Chrome DevTools writes them.
    public var webSocketMessages: [HARWebSocketMessage]?
    /// Loupe's counters and close of a WebSocket connection.
    public var webSocket: HARWebSocket?
    /// A gRPC call's messages and status.
    public var grpc: HARGRPC?
    /// `websocket` for a WebSocket connection, as Chrome marks one.
    public var resourceType: String?
    /// A CONNECT tunnel's endpoint and byte counts.
    public var tunnel: HARTunnel?
    /// The TLS facts of a proxied HTTPS exchange.
    public var tls: HARTLS?
    /// Redactions per rule id.
    public var redactions: [String: Int]?
    public var loupeID: String?
    public var sequence: UInt64?
    public var source: String?
    public var state: String?
    public var error: HARError?
    public var requestID: String?
    public var attempt: Int?
    /// The event's URL when it is not absolute (a CONNECT authority), since HAR needs an absolute `url`.
    public var originalURL: String?
    /// Time to first byte in milliseconds, kept apart so an unknown value stays unknown.
    public var ttfb: Double?
    /// Whether the exchange had finished; `time` is 0 for one that had not.
    public var totalKnown: Bool?

    public init(startedDateTime: String, time: Double, request: HARRequest, response: HARResponse,
                timings: HARTimings) {
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.cache = HARCache()
        self.timings = timings
    }

    private enum CodingKeys: String, CodingKey {
        case startedDateTime, time, request, response, cache, timings, serverIPAddress, connection
        case eventStream = "_eventStream", tunnel = "_tunnel", tls = "_tls", redactions = "_redactions", loupeID = "_id"
        case sequence = "_sequence", source = "_source", state = "_state", error = "_error"
        case requestID = "_requestID", attempt = "_attempt", originalURL = "_url", ttfb = "_ttfb"
        case totalKnown = "_totalKnown"
        case webSocketMessages = "_webSocketMessages", webSocket = "_webSocket", resourceType = "_resourceType"
        case grpc = "_grpc"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try container.decode(String.self, forKey: .startedDateTime)
        time = try container.decodeIfPresent(Double.self, forKey: .time) ?? 0
        request = try container.decode(HARRequest.self, forKey: .request)
        response = try container.decodeIfPresent(HARResponse.self, forKey: .response) ?? .none
        cache = HARCache()
        timings = try container.decodeIfPresent(HARTimings.self, forKey: .timings) ?? HARTimings(send: 0, wait: 0, receive: 0)
        serverIPAddress = try container.decodeIfPresent(String.self, forKey: .serverIPAddress)
        connection = try container.decodeIfPresent(String.self, forKey: .connection)
        eventStream = try container.decodeIfPresent([HAREventStreamMessage].self, forKey: .eventStream)
        webSocketMessages = try container.decodeIfPresent([HARWebSocketMessage].self, forKey: .webSocketMessages)
        webSocket = try container.decodeIfPresent(HARWebSocket.self, forKey: .webSocket)
        resourceType = try container.decodeIfPresent(String.self, forKey: .resourceType)
        grpc = try container.decodeIfPresent(HARGRPC.self, forKey: .grpc)
        tunnel = try container.decodeIfPresent(HARTunnel.self, forKey: .tunnel)
        tls = try container.decodeIfPresent(HARTLS.self, forKey: .tls)
        redactions = try container.decodeIfPresent([String: Int].self, forKey: .redactions)
        loupeID = try container.decodeIfPresent(String.self, forKey: .loupeID)
        sequence = try container.decodeIfPresent(UInt64.self, forKey: .sequence)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        state = try container.decodeIfPresent(String.self, forKey: .state)
        error = try container.decodeIfPresent(HARError.self, forKey: .error)
        requestID = try container.decodeIfPresent(String.self, forKey: .requestID)
        attempt = try container.decodeIfPresent(Int.self, forKey: .attempt)
        originalURL = try container.decodeIfPresent(String.self, forKey: .originalURL)
        ttfb = try container.decodeIfPresent(Double.self, forKey: .ttfb)
        totalKnown = try container.decodeIfPresent(Bool.self, forKey: .totalKnown)
    }
}

/// The `cache` object; Loupe writes it empty and ignores it on reading.
public struct HARCache: Codable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: HARNoKeys.self)
    }
}

/// No coding keys: encodes an empty object.
enum HARNoKeys: CodingKey {}

/// The `timings` object in milliseconds; -1 marks a phase that does not apply.
public struct HARTimings: Codable, Sendable, Hashable {
    public var blocked: Double?
    public var dns: Double?
    public var connect: Double?
    public var send: Double
    public var wait: Double
    public var receive: Double
    public var ssl: Double?

    public init(blocked: Double? = -1, dns: Double? = -1, connect: Double? = -1, send: Double, wait: Double,
                receive: Double, ssl: Double? = -1) {
        self.blocked = blocked
        self.dns = dns
        self.connect = connect
        self.send = send
        self.wait = wait
        self.receive = receive
        self.ssl = ssl
    }

    private enum CodingKeys: String, CodingKey { case blocked, dns, connect, send, wait, receive, ssl }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        blocked = try container.decodeIfPresent(Double.self, forKey: .blocked)
        dns = try container.decodeIfPresent(Double.self, forKey: .dns)
        connect = try container.decodeIfPresent(Double.self, forKey: .connect)
        send = try container.decodeIfPresent(Double.self, forKey: .send) ?? 0
        wait = try container.decodeIfPresent(Double.self, forKey: .wait) ?? 0
        receive = try container.decodeIfPresent(Double.self, forKey: .receive) ?? 0
        ssl = try container.decodeIfPresent(Double.self, forKey: .ssl)
    }
}

/// One server-sent event in `_eventStream`: `time` in seconds since 1970, as Chrome's
/// `_webSocketMessages` has it.
public struct HAREventStreamMessage: Codable, Sendable, Hashable {
    public var time: Double
    public var type: String
    public var id: String?
    public var data: String
    public var retry: Int?

    public init(time: Double, type: String, id: String?, data: String, retry: Int?) {
        self.time = time
        self.type = type
        self.id = id
        self.data = data
        self.retry = retry
    }
}

/// `_tunnel`: a CONNECT tunnel's endpoint and traffic.
public struct HARTunnel: Codable, Sendable, Hashable {
    public var host: String
    public var port: Int
    public var bytesUp: Int
    public var bytesDown: Int

    public init(host: String, port: Int, bytesUp: Int, bytesDown: Int) {
        self.host = host
        self.port = port
        self.bytesUp = bytesUp
        self.bytesDown = bytesDown
    }
}

/// `_tls`: the event's `tls` member, with the certificate's expiry as an ISO-8601 string like
/// every other HAR date.
public struct HARTLS: Codable, Sendable, Hashable {
    public var intercepted: Bool
    public var serverName: String?
    public var clientVersion: String?
    public var clientCipherSuite: String?
    public var upstreamVersion: String?
    public var upstreamCipherSuite: String?
    public var upstreamCertificate: Certificate?
    public var upstreamVerified: Bool

    /// The upstream certificate's subject, issuer and expiry.
    public struct Certificate: Codable, Sendable, Hashable {
        public var subject: String
        public var issuer: String
        public var notAfter: String?
    }

    public init(_ tls: TLSInfo) {
        intercepted = tls.intercepted
        serverName = tls.serverName
        clientVersion = tls.clientVersion
        clientCipherSuite = tls.clientCipherSuite
        upstreamVersion = tls.upstreamVersion
        upstreamCipherSuite = tls.upstreamCipherSuite
        upstreamCertificate = tls.upstreamCertificate.map {
            Certificate(subject: $0.subject, issuer: $0.issuer, notAfter: $0.notAfter.map { InternetTime($0).text })
        }
        upstreamVerified = tls.upstreamVerified
    }

    /// The event's form.
    public var tlsInfo: TLSInfo {
        TLSInfo(intercepted: intercepted, serverName: serverName, clientVersion: clientVersion, clientCipherSuite: clientCipherSuite,
                upstreamVersion: upstreamVersion, upstreamCipherSuite: upstreamCipherSuite, upstreamCertificate: upstreamCertificate.map {
                    TLSInfo.Certificate(subject: $0.subject, issuer: $0.issuer, notAfter: $0.notAfter.flatMap(InternetTime.date(from:)))
                },
                upstreamVerified: upstreamVerified)
    }
}

/// `_error`: why the exchange failed.
public struct HARError: Codable, Sendable, Hashable {
    public var kind: String
    public var message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }
}
