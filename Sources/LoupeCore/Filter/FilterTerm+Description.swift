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
        value.isEmpty || value.contains(where: Self.endsBareWord) ? quoted(value) : value
    }

    /// Free text must also not read as an operator, keyword, alias or `field:`.
    private static func renderFreeText(_ text: String) -> String {
        let ambiguous = text.first.map { "-!~".contains($0) } ?? true
            || ["and", "or", "not", "&", "|"].contains(text)
            || text.contains(":")
        return ambiguous || text.contains(where: endsBareWord) ? quoted(text) : text
    }

    /// An alias argument is read literally, except a standalone operator character.
    private static func renderArgument(_ text: String) -> String {
        ["&", "|", "-", "!"].contains(text) || text.isEmpty || text.contains(where: endsBareWord)
            ? quoted(text) : text
    }

    private static func endsBareWord(_ character: Character) -> Bool {
        character.isWhitespace || "()\"\\".contains(character)
    }

    /// `text` in double quotes, with `"` and `\\` escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
