extension NetworkEvent {
    /// An estimate of the bytes this event occupies in memory, used to bound the ring buffer:
    /// every stored string's UTF-8 length plus a fixed cost per value.
    public var storedSize: Int {
        var size = Self.fixedCost + request.storedSize
        if let response { size += response.storedSize }
        for event in sseEvents { size += event.storedSize }
        if let tunnel { size += tunnel.host.utf8.count + 32 }
        if let error { size += error.kind.rawValue.utf8.count + error.message.utf8.count + 16 }
        size += requestID?.utf8.count ?? 0
        for (rule, _) in redactions { size += rule.utf8.count + 16 }
        return size
    }

    /// Memory every event takes whatever its content: the struct, its ids, dates and counters.
    static let fixedCost = 256
}

extension CapturedRequest {
    var storedSize: Int {
        method.utf8.count + url.utf8.count + httpVersion.utf8.count + headers.storedSize
            + (body?.storedSize ?? 0)
    }
}

extension CapturedResponse {
    var storedSize: Int {
        16 + reason.utf8.count + httpVersion.utf8.count + headers.storedSize + (body?.storedSize ?? 0)
    }
}

extension CapturedBody {
    var storedSize: Int {
        32 + (contentType?.utf8.count ?? 0) + (text?.utf8.count ?? 0) + (omitted?.sha256?.utf8.count ?? 0)
    }
}

extension SSEEvent {
    /// The bytes one stored server-sent event costs.
    public var storedSize: Int {
        32 + type.utf8.count + (id?.utf8.count ?? 0) + data.utf8.count
    }
}

extension Array where Element == HTTPHeader {
    var storedSize: Int {
        reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 16 }
    }
}
