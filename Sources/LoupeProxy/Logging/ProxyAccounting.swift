import LoupeCore

/// Where every exchange a ``ProxyServer`` forwarded went, read live: into the log, out by the
/// capture filter, dropped because the logger fell behind, or still on its way to the logger.
///
/// `forwarded == logged + filteredOut + dropped + inFlight` always holds, and `inFlight` is 0
/// once ``ProxyServer/flushLog()`` has returned (for a logger fed by this proxy alone).
public struct ProxyAccounting: Sendable, Hashable {
    /// Exchanges and tunnels the proxy began.
    public var forwarded: Int
    /// Of those, the ones the logger stored (some may since have been evicted or cleared).
    public var logged: Int
    /// Of those, the ones the capture filter left out of the log.
    public var filteredOut: Int
    /// Of those, the ones forwarded without being logged because the logger fell behind.
    public var dropped: Int
    /// Of those, the ones queued for the logger and not applied yet (the log lags by up to one
    /// batch).
    public var inFlight: Int
    /// Client connections open now.
    public var openConnections: Int
    /// Client connections closed for sending no complete request header in time.
    public var headerTimeouts: Int

    /// The counts as `/v1/stats` reports them under `sourceCounters`.
    public var counters: [String: Int] {
        ["forwardedExchanges": forwarded, "loggedExchanges": logged, "filteredOutExchanges": filteredOut,
         "droppedExchanges": dropped, "inFlightExchanges": inFlight, "openConnections": openConnections,
         "headerTimeouts": headerTimeouts]
    }

    /// One sentence for the access log: `1 200 exchanges forwarded: 1 000 logged, 150 left out by
    /// the capture filter, 50 not logged because redaction fell behind the traffic.`
    public var summary: String {
        var parts = ["\(logged) logged"]
        if filteredOut > 0 { parts.append("\(filteredOut) left out by the capture filter") }
        if dropped > 0 { parts.append("\(dropped) not logged because redaction fell behind the traffic") }
        if inFlight > 0 { parts.append("\(inFlight) on their way to the log") }
        var sentence = "\(forwarded) exchanges forwarded: " + parts.joined(separator: ", ")
        if headerTimeouts > 0 {
            sentence += "; \(headerTimeouts) client connections closed for sending no complete request header in time"
        }
        return sentence + "."
    }
}
