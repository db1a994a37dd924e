/// The `name:` prefixes of the filter language, and how each reads its value into a ``FilterTerm``.
enum FilterField: String, CaseIterable, Sendable {
    case method, status, host, path, dur, size, kind, has, rule, header, body, state, source
    /// `ws:"text"`: a WebSocket message's text contains the text.
    case ws
    /// `ws.dir:up|down`: the connection has a WebSocket message sent that way.
    case wsDirection = "ws.dir"

    /// `method, status, … or source`, for the unknown-field message.
    static let knownNames = FilterField.listing(allCases.map(\.rawValue))

    /// What a valid value looks like, completing "expected … after "field:"".
    var expectation: String {
        switch self {
        case .method: "a method like GET or GET,POST"
        case .status: "a status like 404, 5xx, >=400 or 400-499"
        case .host: "a host like api.example.com or *.example.com"
        case .path: "a path like /conversations"
        case .dur: "a duration like >500ms, <2s or 100ms-1s (units us, ms, s, m)"
        case .size: "a size like >10kb, <1mb or 1kb-2mb (units b, kb, mb, gb)"
        case .kind: "one of " + Self.listing(FilterTerm.EventKind.allCases.map(\.rawValue))
        case .has: "one of " + Self.listing(FilterTerm.Property.allCases.map(\.rawValue))
        case .rule: "a rule id like email or aws-*"
        case .header: "a header like x-request-id or x-request-id=abc"
        case .body: "text to search for"
        case .state: "one of " + Self.listing(NetworkEvent.State.allCases.map(\.rawValue))
        case .source: "one of " + Self.listing(NetworkEvent.Source.allCases.map(\.rawValue))
        case .ws: "text to search for in WebSocket messages"
        case .wsDirection: "up (client to server) or down (server to client)"
        }
    }

    /// Reads `value` (already unquoted) into a term; `column` is where the value starts.
    func term(value: String, column: Int) throws(FilterParseError) -> FilterTerm {
        let invalid = FilterParseError(
            column: column, message: "expected \(expectation) after \"\(rawValue):\", found \"\(value)\"")
        guard !value.isEmpty else { throw invalid }
        switch self {
        case .method:
            let methods = value.split(separator: ",", omittingEmptySubsequences: false)
            guard !methods.contains(where: \.isEmpty) else { throw invalid }
            return .method(methods.map { FilterNeedle(String($0)) })
        case .status:
            if let base = FilterNumber.statusClass(value[...]) {
                return .status(.between(base, base + 99))
            }
            return .status(try comparison(value, column: column, invalid: invalid, parse: FilterNumber.status))
        case .host:
            return .host(FilterPattern(value, ignoresCase: true))
        case .path:
            return .path(FilterPattern(value, ignoresCase: false))
        case .dur:
            return .duration(try comparison(value, column: column, invalid: invalid, parse: FilterNumber.milliseconds))
        case .size:
            return .size(try comparison(value, column: column, invalid: invalid, parse: FilterNumber.bytes))
        case .kind:
            guard let kind = FilterTerm.EventKind(rawValue: value.lowercased()) else { throw invalid }
            return .kind(kind)
        case .has:
            guard let property = FilterTerm.Property(rawValue: value.lowercased()) else { throw invalid }
            return .has(property)
        case .rule:
            return .rule(FilterPattern(value, ignoresCase: true))
        case .header:
            guard let equals = value.firstIndex(of: "=") else { return .header(name: FilterNeedle(value), value: nil) }
            let name = value[..<equals], wanted = value[value.index(after: equals)...]
            guard !name.isEmpty else { throw invalid }
            // `header:name=` asks only that the header exists, like `header:name`.
            return .header(name: FilterNeedle(String(name)), value: wanted.isEmpty ? nil : FilterNeedle(String(wanted)))
        case .body:
            return .body(FilterNeedle(value))
        case .state:
            guard let state = NetworkEvent.State.allCases.first(where: { $0.rawValue.caseInsensitiveEquals(value) })
            else { throw invalid }
            return .state(state)
        case .source:
            guard let source = NetworkEvent.Source.allCases.first(where: { $0.rawValue.caseInsensitiveEquals(value) })
            else { throw invalid }
            return .source(source)
        case .ws:
            return .webSocketText(FilterNeedle(value))
        case .wsDirection:
            guard let direction = WebSocketMessage.Direction(rawValue: value.lowercased()) else { throw invalid }
            return .webSocketDirection(direction)
        }
    }

    private func comparison<Value>(_ value: String, column: Int, invalid: FilterParseError,
                                   parse: (Substring) -> Value?) throws(FilterParseError) -> FilterComparison<Value> {
        switch FilterComparison.parse(value[...], value: parse) {
        case .success(let comparison):
            return comparison
        case .failure(.malformed):
            throw invalid
        case .failure(.emptyRange(let low, let high)):
            throw FilterParseError(
                column: column,
                message: "the range \(low)-\(high) after \"\(rawValue):\" is empty; write the lower bound first, like \(high)-\(low)")
        }
    }

    /// `a, b or c`.
    static func listing(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
