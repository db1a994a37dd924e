extension NetworkEvent {
    /// An estimate of the bytes this event occupies in memory, used to bound the ring buffer:
    /// the struct itself, every stored string's UTF-8 length, and the heap block of each string
    /// too long to be stored inline (Swift keeps up to 15 UTF-8 bytes inside the string value).
    public var storedSize: Int {
        var size = Self.fixedCost + request.storedSize
        if let response { size += response.storedSize }
        for event in sseEvents { size += event.storedSize }
        if let webSocket { size += webSocket.storedSize }
        if let grpc { size += 48 + grpc.messages.count * 112 + (grpc.statusMessage?.storedSize ?? 0) }
        if let tunnel { size += tunnel.host.storedSize + 32 }
        if let error { size += error.kind.rawValue.storedSize + error.message.storedSize }
        size += requestID?.storedSize ?? 0
        for (rule, _) in redactions { size += Self.redactionEntryCost(rule) }
        return size
    }

    /// What one entry of ``redactions`` costs, whatever its count.
    static func redactionEntryCost(_ rule: String) -> Int { rule.storedSize + 16 }

    /// Memory every event takes whatever its content: the struct (about 440 bytes), its heap box in
    /// the ring buffer, and allocator rounding. Measured by `loupe-bench --only logger`.
    static let fixedCost = 512
}

extension CapturedRequest {
    var storedSize: Int {
        method.storedSize + url.storedSize + httpVersion.storedSize + headers.storedSize
            + (body?.storedSize ?? 0)
    }
}

extension CapturedResponse {
    var storedSize: Int {
        16 + reason.storedSize + httpVersion.storedSize + headers.storedSize + (trailers?.storedSize ?? 0) + (body?.storedSize ?? 0)
    }
}

extension CapturedBody {
    var storedSize: Int {
        32 + (contentType?.storedSize ?? 0) + (text?.storedSize ?? 0) + (omitted?.sha256?.storedSize ?? 0)
    }
}

extension SSEEvent {
    /// The bytes one stored server-sent event costs.
    public var storedSize: Int {
        48 + type.storedSize + (id?.storedSize ?? 0) + data.storedSize
    }
}

extension WebSocketMessage {
    /// The bytes one stored WebSocket message costs.
    public var storedSize: Int {
        64 + (text?.storedSize ?? 0) + (sha256?.storedSize ?? 0)
    }
}

extension WebSocketLog {
    var storedSize: Int {
        64 + messages.reduce(0) { $0 + $1.storedSize } + (close?.reason?.storedSize ?? 0)
            + (extensions?.storedSize ?? 0) + (framingError?.storedSize ?? 0)
    }
}

extension Array where Element == HTTPHeader {
    var storedSize: Int {
        reduce(0) { $0 + $1.name.storedSize + $1.value.storedSize }
    }
}

extension String {
    /// The bytes a stored string costs: inline up to 15 UTF-8 bytes, otherwise its characters plus
    /// a heap block header.
    @inlinable
    var storedSize: Int {
        let count = utf8.count
        return count <= 15 ? 16 : count + 48
    }
}
