/// How long an exchange took, in milliseconds from ``NetworkEvent/startedAt``.
public struct EventTimings: Codable, Sendable, Hashable {
    /// Time to the first byte of the response head; nil until it arrives.
    public var ttfb: Double?
    /// Time until the exchange completed or failed; nil while it is in flight.
    public var total: Double?

    public init(ttfb: Double? = nil, total: Double? = nil) {
        self.ttfb = ttfb
        self.total = total
    }
}
