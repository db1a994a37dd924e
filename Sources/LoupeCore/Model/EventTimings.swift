/// How long an exchange took, in milliseconds from ``NetworkEvent/startedAt``.
///
/// ``connect`` and ``tls`` are the setup of a new upstream connection (the proxy measures them);
/// both are nil when the exchange reused an open connection or its source does not know. They
/// are part of ``ttfb``, which runs from the start of the exchange.
public struct EventTimings: Codable, Sendable, Hashable {
    /// Time to the first byte of the response head; nil until it arrives.
    public var ttfb: Double?
    /// Time until the exchange completed or failed; nil while it is in flight.
    public var total: Double?
    /// Time to open the TCP connection to the server, when the exchange opened one.
    public var connect: Double?
    /// Time of the TLS handshake with the server, after ``connect``, when the exchange made one.
    public var tls: Double?

    public init(ttfb: Double? = nil, total: Double? = nil, connect: Double? = nil, tls: Double? = nil) {
        self.ttfb = ttfb
        self.total = total
        self.connect = connect
        self.tls = tls
    }
}
