/// One test on an event, with everything it needs (folded needles, parsed numbers, split globs)
/// computed at parse time.
enum FilterTerm: Hashable, Sendable {
    /// The values of `kind:`.
    enum EventKind: String, CaseIterable, Sendable {
        /// A server-sent event stream (``NetworkEvent/isEventStream``).
        case sse
        /// Neither an event stream, a WebSocket, a gRPC call nor a tunnel.
        case http
        /// A CONNECT tunnel.
        case tunnel
        /// A WebSocket connection (``NetworkEvent/isWebSocket``).
        case ws
        /// A gRPC call (``NetworkEvent/isGRPC``).
        case grpc
    }

    /// The values of `has:`.
    enum Property: String, CaseIterable, Sendable {
        case error
        /// At least one redaction applied.
        case redaction
        case response
        /// A non-empty request or response body.
        case body
        /// At least one server-sent event received.
        case sse
    }

    /// `method:GET,POST`: the method equals one of these, ignoring case.
    case method([FilterNeedle])
    /// `status:404`; never matches an event without a response.
    case status(FilterComparison<Int>)
    /// `host:example.com`: the host or a parent domain matches (tunnel host for tunnels).
    case host(FilterPattern)
    /// `path:/v1`: the URL path starts with the pattern (case-sensitive).
    case path(FilterPattern)
    /// `dur:>500ms`, in milliseconds of `timings.total`; never matches an unfinished event.
    case duration(FilterComparison<Double>)
    /// `size:>10kb`, in bytes of the response body's `originalSize` (0 without one).
    case size(FilterComparison<Double>)
    case kind(EventKind)
    case has(Property)
    /// `rule:aws`: a redaction rule id equals the pattern or starts with it and `-`.
    case rule(FilterPattern)
    /// `header:name` or `header:name=value` (value is a substring), request or response.
    case header(name: FilterNeedle, value: FilterNeedle?)
    /// `body:text`: request body, response body or SSE data contains the text.
    case body(FilterNeedle)
    case state(NetworkEvent.State)
    case source(NetworkEvent.Source)
    /// `ws:text`: a WebSocket message's text contains the text.
    case webSocketText(FilterNeedle)
    /// `ws.dir:up`: a WebSocket message went this way.
    case webSocketDirection(WebSocketMessage.Direction)
    /// A bare word or quoted string searched across the event's text.
    case text(FilterNeedle)
    /// A substring mitmproxy operator (`~m ~d ~u ~h ~hq ~hs ~b ~bq ~bs`); the others are lowered
    /// to native terms at parse time.
    case mitmproxy(MitmproxyOperator, FilterNeedle)
}
