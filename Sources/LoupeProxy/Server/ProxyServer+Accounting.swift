import LoupeCore

extension ProxyServer {
    /// The accounting of every exchange so far. Reads the logger first and the proxy's counters
    /// second, so an exchange applied in between shows as forwarded and in flight, never as
    /// logged but not forwarded.
    public func accounting() async -> ProxyAccounting {
        let stats = await networkLogger.stats
        let (forwarded, dropped) = shared.sink.counts
        return ProxyAccounting(
            forwarded: forwarded, logged: stats.ingested - stats.filteredOut, filteredOut: stats.filteredOut,
            dropped: dropped, inFlight: max(0, forwarded - dropped - stats.ingested),
            openConnections: openConnections, headerTimeouts: headerTimeouts)
    }
}
