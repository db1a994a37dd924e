extension NetworkEvent {
    /// Appends one (already redacted) WebSocket message the way
    /// ``NetworkLogger/appendWebSocket(id:_:)`` does: the message joins ``webSocket``'s messages,
    /// `redactionHits` are added to ``redactions``, and a pending exchange becomes streaming.
    /// Subscribers apply ``NetworkLogger/Change/webSocketAppended(_:_:redactionHits:)`` with it.
    ///
    /// - Returns: How much ``storedSize`` grew.
    @discardableResult
    public mutating func appendWebSocket(_ message: WebSocketMessage, redactionHits: [String: Int]) -> Int {
        var growth = message.storedSize
        if webSocket == nil {
            webSocket = WebSocketLog()
            growth += 64
        }
        webSocket?.messages.append(message)
        for (rule, hits) in redactionHits where hits != 0 {
            if let previous = redactions[rule] {
                redactions[rule] = previous + hits
            } else {
                redactions[rule] = hits
                growth += Self.redactionEntryCost(rule)
            }
        }
        if state == .pending { state = .streaming }
        return growth
    }
}
