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
            growth += WebSocketLog().storedSize
        }
        webSocket?.messages.append(message)
        return growth + addStreamed(redactionHits: redactionHits)
    }
}
