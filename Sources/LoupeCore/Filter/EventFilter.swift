/// A parsed filter expression: the one language that selects what the logger captures, what the
/// console shows, what an export contains and what the log API returns.
///
/// ```swift
/// let filter = try EventFilter(parsing: "method:POST status:>=400 or has:error")
/// let failures = events.filter(filter.matches)
/// ```
///
/// ## Grammar
///
/// - Terms next to each other must all match (`a b` is `a and b`); `and` and `&` may be written
///   out. `or` (or `|`) binds looser than and: `a or b c` is `a or (b and c)`.
/// - `not`, `-` or `!` negates the term or parenthesised group that follows: `-status:200`,
///   `not (host:a.com or host:b.com)`. Parentheses group.
/// - The keywords `and`, `or`, `not` are case-insensitive. An empty or blank expression matches
///   every event.
/// - A value may be quoted: `header:"x-a=b c"`, `path:"/a b"`. Quotes take the escapes `\"` and
///   `\\`. Quote values and text that contain spaces, parentheses or quotes. `&` and `|` are
///   operators only when they stand alone, so `a=1&b=2` is one word.
///
/// ## Fields
///
/// | term | matches when |
/// |---|---|
/// | `method:POST`, `method:GET,POST` | the method is one of these (case-insensitive) |
/// | `status:404`, `status:5xx`, `status:>=400`, `status:>400`, `status:<300`, `status:<=299`, `status:400-499` | the response status passes (ranges are inclusive); events without a response never match |
/// | `host:example.com`, `host:*.example.*` | the URL host (a tunnel's host for tunnels) or one of its parent domains matches, case-insensitively: `host:example.com` matches `api.example.com`, not `badexample.com`; `*` matches any run of characters |
/// | `path:/conversations`, `path:/v*/models` | the URL path (as written or percent-decoded) starts with the pattern (case-sensitive; `*` wildcards) |
/// | `dur:>500ms`, `dur:<2s`, `dur:>=1.5s`, `dur:100ms-1s` | `timings.total` passes; units `us`, `ms`, `s`, `m`, a bare number is milliseconds; unfinished events never match |
/// | `size:>10kb`, `size:<1mb`, `size:1.5mb-2mb` | the response body's original size passes (0 without a response body); units `b`, `kb`, `mb`, `gb` (1024-based), a bare number is bytes |
/// | `kind:sse`, `kind:http`, `kind:tunnel` | the event is an event stream, a tunnel, or neither |
/// | `has:error`, `has:redaction`, `has:response`, `has:body`, `has:sse` | the event failed, had a value redacted, got a response, has a non-empty request or response body, received a server-sent event |
/// | `rule:email`, `rule:aws`, `rule:aws-*` | a redaction rule id equals the pattern or starts with it followed by `-` (`rule:aws` matches `aws-access-key-id`); case-insensitive, `*` wildcards |
/// | `header:x-request-id`, `header:x-request-id=abc` | a request or response header has that name (case-insensitive), and with `=value` its value contains `value` (case-insensitive) |
/// | `body:refresh_token` | the request body, the response body or any SSE event's data contains the text (case-insensitive) |
/// | `state:streaming` | the state is `pending`, `streaming`, `complete` or `failed` |
/// | `source:proxy-forward` | the source is `apiClient`, `sseClient`, `proxy-forward`, `proxy-reverse` or `tunnel` |
/// | `word`, `"free text"` | the URL, method, a header name or value, a body, SSE data or the error message contains the text (case-insensitive) |
///
/// Field names and the values of `kind`, `has`, `state` and `source` are case-insensitive. A word
/// like `https://…` with `//` after its colon is free text; any other `word:` must be a field.
///
/// ## mitmproxy aliases
///
/// `~m METHOD`, `~c CODE` (status equals), `~d DOMAIN` (host contains), `~u TEXT` (URL contains),
/// `~h TEXT` (a `name: value` header line contains; `~hq` request headers only, `~hs` response
/// headers only), `~b TEXT` (a body or SSE data contains; `~bq` request body, `~bs` response body
/// or SSE data), `~e` (has an error), `~s` (has a response), `~q` (a request without response),
/// combined with `!`, `&` and `|`. An argument is the next word or quoted string. mitmproxy reads
/// arguments as regular expressions; Loupe matches them as case-insensitive substrings.
///
/// ## Errors and rendering
///
/// Invalid expressions throw ``FilterParseError`` naming the column and what was expected there.
/// ``description`` renders the filter canonically; parsing it gives an equal filter. Two filters
/// are equal when they parse to the same tree, whatever their spelling.
public struct EventFilter: Sendable, Hashable, CustomStringConvertible {
    /// The expression as it was given to ``init(parsing:)``.
    public let source: String
    let expression: FilterExpression

    /// Parses `source`; an empty or blank expression matches everything.
    ///
    /// - Throws: ``FilterParseError`` with the column of the first problem.
    public init(parsing source: String) throws(FilterParseError) {
        self.source = source
        self.expression = try FilterParser.parse(source)
    }

    /// The filter that matches every event (the empty expression).
    public static let all = EventFilter(source: "", expression: .all)

    private init(source: String, expression: FilterExpression) {
        self.source = source
        self.expression = expression
    }

    /// Whether `event` passes the filter. Cheap enough to run over 100 000 events per keystroke:
    /// needles and numbers were prepared at parse time and nothing is allocated per event for
    /// ASCII needles.
    public func matches(_ event: NetworkEvent) -> Bool {
        expression.matches(event)
    }

    /// Whether this is the empty filter, so callers can skip matching altogether.
    public var matchesEverything: Bool { expression == .all }

    /// The canonical form of the filter (`""` for ``all``), which parses back to an equal filter.
    public var description: String { expression.description }

    /// Filters are equal when they parse to the same tree: `a  b` equals `a and b`.
    public static func == (lhs: EventFilter, rhs: EventFilter) -> Bool {
        lhs.expression == rhs.expression
    }

    /// Hashes the parsed tree, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(expression)
    }
}
