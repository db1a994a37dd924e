extension NetworkEvent {
    /// Appends one (already redacted) server-sent event the way ``NetworkLogger/appendSSE(id:_:)``
    /// does: the event joins ``sseEvents``, `redactionHits` are added to ``redactions``, and a
    /// pending exchange becomes streaming. Subscribers apply ``NetworkLogger/Change/sseAppended(_:_:redactionHits:)``
    /// with it to keep their copy identical to the stored one.
    ///
    /// - Returns: How much ``storedSize`` grew, so the logger can account for the append without
    ///   re-measuring the whole exchange.
    @discardableResult
    public mutating func appendSSE(_ sseEvent: SSEEvent, redactionHits: [String: Int]) -> Int {
        sseEvents.append(sseEvent)
        return sseEvent.storedSize + addStreamed(redactionHits: redactionHits)
    }

    /// Adds the redaction hits of one streamed piece (an SSE event, a WebSocket message) and marks
    /// a pending exchange streaming; returns how much ``storedSize`` grew.
    mutating func addStreamed(redactionHits: [String: Int]) -> Int {
        var growth = 0
        for (rule, hits) in redactionHits where hits != 0 {
            if let previous = redactions[rule] {
                redactions[rule] = previous + hits
            } else {
                redactions[rule] = hits
                // `storedSize` charges every rule id once, whatever its count.
                growth += Self.redactionEntryCost(rule)
            }
        }
        if state == .pending { state = .streaming }
        return growth
    }
}
