extension FilterTerm: CustomStringConvertible {
    /// The term in canonical, re-parseable form: lower-cased needles, upper-cased methods, numbers
    /// in the largest exact unit, values quoted only when they must be.
    var description: String {
        switch self {
        case .method(let methods):
            return "method:" + FilterTerm.quotedIfNeeded(methods.map { $0.text.uppercased() }.joined(separator: ","))
        case .status(let comparison):
            return "status:" + Self.renderStatus(comparison)
        case .host(let pattern):
            return "host:" + Self.quotedIfNeeded(pattern.text)
        case .path(let pattern):
            return "path:" + Self.quotedIfNeeded(pattern.text)
        case .duration(let comparison):
            return "dur:" + comparison.rendered(FilterNumber.renderDuration)
        case .size(let comparison):
            return "size:" + comparison.rendered(FilterNumber.renderSize)
        case .kind(let kind):
            return "kind:" + kind.rawValue
        case .has(let property):
            return "has:" + property.rawValue
        case .rule(let pattern):
            return "rule:" + Self.quotedIfNeeded(pattern.text)
        case .header(let name, let value):
            let text = value.map { name.text + "=" + $0.text } ?? name.text
            return "header:" + Self.quotedIfNeeded(text)
        case .body(let needle):
            return "body:" + Self.quotedIfNeeded(needle.text)
        case .state(let state):
            return "state:" + state.rawValue
        case .source(let source):
            return "source:" + source.rawValue
        case .webSocketText(let needle):
            return "ws:" + Self.quotedIfNeeded(needle.text)
        case .webSocketDirection(let direction):
            return "ws.dir:" + direction.rawValue
        case .text(let needle):
            return Self.renderFreeText(needle.text)
        case .mitmproxy(let op, let needle):
            return op.spelling + " " + Self.renderArgument(needle.text)
        }
    }

    private static func renderStatus(_ comparison: FilterComparison<Int>) -> String {
        if case .between(let low, let high) = comparison, low % 100 == 0, high == low + 99, (100...900).contains(low) {
            return "\(low / 100)xx"
        }
        return comparison.rendered(String.init)
    }

    /// Quotes a field value that would otherwise end early or lose characters.
    static func quotedIfNeeded(_ value: String) -> String {
        value.isEmpty || value.unicodeScalars.contains(where: Self.endsBareWord) ? quoted(value) : value
    }

    /// Free text must also not read as an operator, keyword, alias or `field:`.
    private static func renderFreeText(_ text: String) -> String {
        let ambiguous = text.unicodeScalars.first.map { "-!~".unicodeScalars.contains($0) } ?? true
            || ["and", "or", "not", "&", "|"].contains(text)
            || text.unicodeScalars.contains(":")
        return ambiguous || text.unicodeScalars.contains(where: endsBareWord) ? quoted(text) : text
    }

    /// An alias argument is read literally, except a standalone operator character.
    private static func renderArgument(_ text: String) -> String {
        ["&", "|", "-", "!"].contains(text) || text.isEmpty || text.unicodeScalars.contains(where: endsBareWord)
            ? quoted(text) : text
    }

    // Scalars, not Characters, like ``FilterLexer``: a combining mark after a quote, a space or a
    // colon would hide it inside one grapheme, and the rendered form would not parse back.
    private static func endsBareWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || "()\"\\".unicodeScalars.contains(scalar)
    }

    /// `text` in double quotes, with `"` and `\\` escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }
}
