/// A numeric test on one of an event's numbers: `404`, `>=400`, `<2s`, `400-499` (inclusive).
enum FilterComparison<Value: Comparable & Hashable & Sendable>: Hashable, Sendable {
    case equal(Value)
    case less(Value)
    case lessOrEqual(Value)
    case greater(Value)
    case greaterOrEqual(Value)
    /// An inclusive range, lower bound first.
    case between(Value, Value)

    /// Why a comparison's text could not be read.
    enum Failure: Error {
        /// Not a comparison at all; the caller names the expected form.
        case malformed
        /// `high-low`: both bounds read, but the range would match nothing.
        case emptyRange(low: Substring, high: Substring)
    }

    /// Parses `[>=|<=|>|<]NUMBER` or `NUMBER-NUMBER`, reading each number with `parseValue`.
    static func parse(_ text: Substring,
                      value parseValue: (Substring) -> Value?) -> Result<Self, Failure> {
        let operators: [(String, (Value) -> Self)] = [
            (">=", Self.greaterOrEqual), ("<=", Self.lessOrEqual), (">", Self.greater), ("<", Self.less),
        ]
        for (symbol, make) in operators where text.hasPrefix(symbol) {
            guard let value = parseValue(text.dropFirst(symbol.count)) else { return .failure(.malformed) }
            return .success(make(value))
        }
        // Numbers are never negative, so the first `-` separates the bounds.
        if let dash = text.firstIndex(of: "-") {
            let lowText = text[..<dash], highText = text[text.index(after: dash)...]
            guard let low = parseValue(lowText), let high = parseValue(highText) else {
                return .failure(.malformed)
            }
            guard low <= high else { return .failure(.emptyRange(low: lowText, high: highText)) }
            return .success(.between(low, high))
        }
        guard let value = parseValue(text) else { return .failure(.malformed) }
        return .success(.equal(value))
    }

    /// Whether `value` passes the test.
    @inline(__always)
    func contains(_ value: Value) -> Bool {
        switch self {
        case .equal(let bound): value == bound
        case .less(let bound): value < bound
        case .lessOrEqual(let bound): value <= bound
        case .greater(let bound): value > bound
        case .greaterOrEqual(let bound): value >= bound
        case .between(let low, let high): low <= value && value <= high
        }
    }

    /// The comparison written back, each number rendered by `format`.
    func rendered(_ format: (Value) -> String) -> String {
        switch self {
        case .equal(let bound): format(bound)
        case .less(let bound): "<" + format(bound)
        case .lessOrEqual(let bound): "<=" + format(bound)
        case .greater(let bound): ">" + format(bound)
        case .greaterOrEqual(let bound): ">=" + format(bound)
        case .between(let low, let high): format(low) + "-" + format(high)
        }
    }
}
