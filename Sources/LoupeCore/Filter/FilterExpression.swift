/// The syntax tree of a filter: terms combined with `and`, `or` and `not`.
///
/// `and` and `or` hold flattened lists (`a (b c)` is `and[a, b, c]`), so equal meanings written
/// with different grouping compare equal and render the same.
indirect enum FilterExpression: Hashable, Sendable {
    /// The empty filter: matches every event.
    case all
    case term(FilterTerm)
    case not(FilterExpression)
    /// Every operand matches; at least two operands, none of them `and`.
    case and([FilterExpression])
    /// Some operand matches; at least two operands, none of them `or`.
    case or([FilterExpression])

    /// The conjunction of `operands`, merging nested conjunctions.
    static func conjunction(of operands: [FilterExpression]) -> FilterExpression {
        let flat = operands.flatMap { operand -> [FilterExpression] in
            if case .and(let inner) = operand { return inner }
            return [operand]
        }
        return flat.count == 1 ? flat[0] : .and(flat)
    }

    /// The disjunction of `operands`, merging nested disjunctions.
    static func disjunction(of operands: [FilterExpression]) -> FilterExpression {
        let flat = operands.flatMap { operand -> [FilterExpression] in
            if case .or(let inner) = operand { return inner }
            return [operand]
        }
        return flat.count == 1 ? flat[0] : .or(flat)
    }

    /// Whether `event` passes; `and`/`or` stop at the first deciding operand.
    func matches(_ event: NetworkEvent) -> Bool {
        switch self {
        case .all:
            return true
        case .term(let term):
            return term.matches(event)
        case .not(let operand):
            return !operand.matches(event)
        case .and(let operands):
            for operand in operands where !operand.matches(event) { return false }
            return true
        case .or(let operands):
            for operand in operands where operand.matches(event) { return true }
            return false
        }
    }
}

extension FilterExpression: CustomStringConvertible {
    /// Canonical source: juxtaposition for `and`, ` or `, `-` for `not`, parentheses only where
    /// precedence needs them.
    var description: String {
        switch self {
        case .all:
            return ""
        case .term(let term):
            return term.description
        case .not(let operand):
            switch operand {
            case .and, .or: return "-(\(operand))"
            default: return "-\(operand)"
            }
        case .and(let operands):
            return operands.map { operand in
                if case .or = operand { return "(\(operand))" }
                return operand.description
            }.joined(separator: " ")
        case .or(let operands):
            return operands.map(\.description).joined(separator: " or ")
        }
    }
}
