extension FilterTerm {
    /// Whether `event` passes this term. Runs per event per keystroke, so it works on UTF-8 bytes
    /// and allocates nothing for ASCII needles.
    func matches(_ event: NetworkEvent) -> Bool {
        switch self {
        case .method(let methods):
            return methods.contains { $0.isEqual(to: event.request.method) }
        case .status(let comparison):
            guard let status = event.response?.status else { return false }
            return comparison.contains(status)
        case .host(let pattern):
            return Self.withHost(of: event) { pattern.matchesHost($0) }
        case .path(let pattern):
            return FilterBytes.withBytes(of: event.request.url) { url in
                let range = FilterURLParts(url).path
                // An empty path is the root, so `path:/` matches `https://example.com`.
                guard !range.isEmpty else { return Self.rootPath.withUnsafeBufferPointer(pattern.matchesPrefix) }
                let path = UnsafeBufferPointer(rebasing: url[range])
                if pattern.matchesPrefix(path) { return true }
                // Also try the decoded path, so `path:"/a b"` finds `/a%20b`.
                guard path.contains(UInt8(ascii: "%")) else { return false }
                return FilterURLParts.withPercentDecoded(path, pattern.matchesPrefix)
            }
        case .duration(let comparison):
            guard let total = event.timings.total else { return false }
            return comparison.contains(total)
        case .size(let comparison):
            return comparison.contains(Double(event.response?.body?.originalSize ?? 0))
        case .kind(let kind):
            let isTunnel = event.tunnel != nil || event.source == .tunnel
            switch kind {
            case .sse: return Self.isEventStream(event)
            case .tunnel: return isTunnel
            case .http: return !isTunnel && !Self.isEventStream(event) && !event.isWebSocket && !event.isGRPC
            case .ws: return event.isWebSocket
            case .grpc: return event.isGRPC
            }
        case .has(let property):
            switch property {
            case .error: return event.error != nil
            case .redaction: return event.redactions.values.contains { $0 > 0 }
            case .response: return event.response != nil
            case .body: return Self.hasContent(event.request.body) || Self.hasContent(event.response?.body)
            case .sse: return !event.sseEvents.isEmpty
            }
        case .rule(let pattern):
            return event.redactions.contains { rule, count in
                count > 0 && FilterBytes.withBytes(of: rule) { pattern.matchesRule($0) }
            }
        case .header(let name, let value):
            let matchesHeader = { (header: HTTPHeader) -> Bool in
                name.isEqual(to: header.name) && (value?.isFound(in: header.value) ?? true)
            }
            return event.request.headers.contains(where: matchesHeader)
                || (event.response?.headers.contains(where: matchesHeader) ?? false)
        case .body(let needle):
            return Self.bodies(of: event, request: true, response: true, contain: needle)
        case .state(let state):
            return event.state == state
        case .source(let source):
            return event.source == source
        case .webSocketText(let needle):
            return Self.webSocketMessages(of: event, contain: needle)
        case .webSocketDirection(let direction):
            return event.webSocket?.messages.contains { $0.direction == direction } ?? false
        case .text(let needle):
            return Self.text(of: event, contains: needle)
        case .mitmproxy(let op, let needle):
            return Self.matches(op, needle, event)
        }
    }

    private static let rootPath: [UInt8] = [UInt8(ascii: "/")]

    private static func matches(_ op: MitmproxyOperator, _ needle: FilterNeedle, _ event: NetworkEvent) -> Bool {
        switch op {
        case .method:
            return needle.isFound(in: event.request.method)
        case .domain:
            return withHost(of: event) { needle.isFound(in: $0) }
        case .url:
            return needle.isFound(in: event.request.url)
        case .header:
            return headerLines(event.request.headers, contain: needle)
                || headerLines(event.response?.headers ?? [], contain: needle)
        case .requestHeader:
            return headerLines(event.request.headers, contain: needle)
        case .responseHeader:
            return headerLines(event.response?.headers ?? [], contain: needle)
        case .body:
            return bodies(of: event, request: true, response: true, contain: needle)
        case .requestBody:
            return bodies(of: event, request: true, response: false, contain: needle)
        case .responseBody:
            return bodies(of: event, request: false, response: true, contain: needle)
        case .code, .error, .response, .requestWithoutResponse:
            // The parser lowers these to status:/has: terms.
            return false
        }
    }

    /// Runs `body` over the host bytes: the tunnel's host for tunnels, else the URL's.
    private static func withHost(of event: NetworkEvent, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let tunnel = event.tunnel {
            return FilterBytes.withBytes(of: tunnel.host, body)
        }
        return FilterBytes.withBytes(of: event.request.url) { url in
            body(UnsafeBufferPointer(rebasing: url[FilterURLParts(url).host]))
        }
    }

    /// ``NetworkEvent/isEventStream`` without lower-casing the content type into a new string.
    private static func isEventStream(_ event: NetworkEvent) -> Bool {
        if !event.sseEvents.isEmpty { return true }
        guard let contentType = event.response?.body?.contentType else { return false }
        return eventStreamType.withUnsafeBufferPointer { prefix in
            FilterBytes.withBytes(of: contentType) { FilterBytes.matches($0, at: 0, prefix, ignoringCase: true) }
        }
    }

    private static let eventStreamType = Array("text/event-stream".utf8)

    private static func hasContent(_ body: CapturedBody?) -> Bool {
        guard let body else { return false }
        return body.originalSize > 0 || !(body.text?.isEmpty ?? true)
    }

    private static func bodies(of event: NetworkEvent, request: Bool, response: Bool,
                               contain needle: FilterNeedle) -> Bool {
        if request, let text = event.request.body?.text, needle.isFound(in: text) { return true }
        guard response else { return false }
        if let text = event.response?.body?.text, needle.isFound(in: text) { return true }
        return event.sseEvents.contains { needle.isFound(in: $0.data) }
    }

    private static func webSocketMessages(of event: NetworkEvent, contain needle: FilterNeedle) -> Bool {
        event.webSocket?.messages.contains { message in message.text.map { needle.isFound(in: $0) } ?? false } ?? false
    }

    /// Whether a `name: value` line contains the needle. A match can only straddle the name and
    /// value if the needle contains `:` or a space, so only then is the line built.
    private static func headerLines(_ headers: [HTTPHeader], contain needle: FilterNeedle) -> Bool {
        let mayStraddle = needle.contains(UInt8(ascii: ":")) || needle.contains(UInt8(ascii: " "))
        return headers.contains { header in
            if mayStraddle { return needle.isFound(in: header.name + ": " + header.value) }
            return needle.isFound(in: header.name) || needle.isFound(in: header.value)
        }
    }

    /// Free text: URL, method, header names and values, body texts, SSE data, WebSocket message
    /// texts, error message.
    private static func text(of event: NetworkEvent, contains needle: FilterNeedle) -> Bool {
        let request = event.request
        if needle.isFound(in: request.url) || needle.isFound(in: request.method) { return true }
        let inHeader = { (header: HTTPHeader) in needle.isFound(in: header.name) || needle.isFound(in: header.value) }
        if request.headers.contains(where: inHeader) { return true }
        if event.response?.headers.contains(where: inHeader) ?? false { return true }
        if bodies(of: event, request: true, response: true, contain: needle) { return true }
        if webSocketMessages(of: event, contain: needle) { return true }
        if let message = event.error?.message, needle.isFound(in: message) { return true }
        return false
    }
}
