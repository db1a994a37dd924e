/// Re-indents JSON text two spaces per level without parsing it into objects, so key order,
/// number spelling and redaction placeholders stay exactly as stored, and text that is not quite
/// JSON (truncated bodies) still prints sensibly.
enum JSONPrettyPrinter {
    /// Whether `text` looks like a JSON object or array.
    static func looksLikeJSON(_ text: String, contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("json") { return true }
        let first = text.first(where: { !$0.isWhitespace })
        return first == "{" || first == "["
    }

    /// The lines of `text`, pretty-printed.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            if !current.trimmingWhitespace.isEmpty { lines.append(current) }
            current = String(repeating: "  ", count: max(0, depth))
        }
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current.append(character)
            case "{", "[":
                // Keep empty containers on one line: `[]`, `{}`.
                let closing: Character = character == "{" ? "}" : "]"
                if let next = characters.first(where: { !$0.isWhitespace }), next == closing {
                    while let skipped = characters.popFirst(), skipped != closing {}
                    current.append(character)
                    current.append(closing)
                } else {
                    current.append(character)
                    depth += 1
                    newline()
                }
            case "}", "]":
                depth -= 1
                newline()
                current.append(character)
            case ",":
                current.append(character)
                newline()
            case ":":
                current.append(": ")
            case " ", "\n", "\r", "\t":
                break
            default:
                current.append(character)
            }
        }
        if !current.trimmingWhitespace.isEmpty { lines.append(current) }
        return lines
    }
}

private extension String {
    var trimmingWhitespace: Substring {
        drop(while: \.isWhitespace)
    }
}
