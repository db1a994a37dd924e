/// Splits a filter expression into ``FilterToken``s.
///
/// Words are shell-like: a bare run of characters up to whitespace or a parenthesis, where quoted
/// parts (`"a b"`, with `\"` and `\\` escapes) may be glued on, so `header:"x-a=b c"` and
/// `header:x-a="b c"` read the same. `&`, `|`, `-` and `!` are operators only where the grammar
/// puts them (standalone, or `-`/`!` before a term), so URLs like `?a=1&b=2` stay searchable.
///
/// The lexer reads Unicode scalars, not `Character`s: a combining mark right after a quote or a
/// parenthesis would otherwise form one grapheme with it and hide it (`"` + U+0596 is a single
/// `Character` that is not `"`), so the quoted canonical form of such text would not parse back.
/// Columns therefore count scalars, which is characters for all text without combining marks.
struct FilterLexer {
    private let characters: [Unicode.Scalar]
    private var index = 0

    /// Tokenizes `source`; the last token is `.end`, or `.invalid` at the first lexical error.
    static func tokenize(_ source: String) -> [FilterToken] {
        var lexer = FilterLexer(characters: Array(source.unicodeScalars))
        return lexer.tokenize()
    }

    private init(characters: [Unicode.Scalar]) {
        self.characters = characters
    }

    /// The text of the scalars in `range`.
    private func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(characters[range]))
    }

    private mutating func tokenize() -> [FilterToken] {
        var tokens: [FilterToken] = []
        // Set after an alias such as `~m`: its argument is the next word taken literally, so
        // `~u -v2` searches for "-v2" rather than negating "v2".
        var argumentExpected = false
        while true {
            skipWhitespace()
            let start = index
            guard start < characters.count else {
                tokens.append(FilterToken(kind: .end, column: characters.count + 1, raw: ""))
                return tokens
            }
            do throws(FilterParseError) {
                let kind = try nextKind(argumentExpected: argumentExpected)
                if case .alias(let name) = kind {
                    argumentExpected = MitmproxyOperator(rawValue: name)?.takesArgument ?? false
                } else {
                    argumentExpected = false
                }
                tokens.append(FilterToken(kind: kind, column: start + 1, raw: text(start..<index)))
            } catch {
                tokens.append(FilterToken(kind: .invalid(error), column: error.column, raw: ""))
                return tokens
            }
        }
    }

    private mutating func nextKind(argumentExpected: Bool) throws(FilterParseError) -> FilterToken.Kind {
        let character = characters[index]
        let standalone = isBoundary(index + 1)
        switch character {
        case "(":
            index += 1
            return .leftParen
        case ")":
            index += 1
            return .rightParen
        case "&" where standalone:
            index += 1
            return .and
        case "|" where standalone:
            index += 1
            return .or
        case "-", "!":
            if standalone || !argumentExpected {
                index += 1
                return .not
            }
        default:
            break
        }
        if argumentExpected {
            return .argument(try readWord().text)
        }
        if character == "~", let alias = readAlias() {
            return .alias(alias)
        }
        if let (name, value, valueColumn) = try readField() {
            return .field(name: name, value: value, valueColumn: valueColumn)
        }
        let word = try readWord()
        if !word.quoted {
            switch word.text.lowercased() {
            case "and": return .and
            case "or": return .or
            case "not": return .not
            default: break
            }
        }
        return .text(word.text)
    }

    /// Reads `~letters` followed by a boundary; anything else starting with `~` is plain text.
    private mutating func readAlias() -> String? {
        var end = index + 1
        while end < characters.count, characters[end].isASCIILetter { end += 1 }
        guard isBoundary(end) else { return nil }
        let name = text((index + 1)..<end).lowercased()
        index = end
        return name
    }

    /// Reads `letters:value` (or `letters.letters:value`, as `ws.dir:`). A colon followed by `//` is
    /// a URL (`https://…`), which is free text.
    private mutating func readField() throws(FilterParseError) -> (String, String?, Int)? {
        var colon = index
        while colon < characters.count, characters[colon].isASCIILetter
            || colon > index && characters[colon] == "." && colon + 1 < characters.count && characters[colon + 1].isASCIILetter
        {
            colon += 1
        }
        guard colon > index, colon < characters.count, characters[colon] == ":" else { return nil }
        if colon + 2 < characters.count, characters[colon + 1] == "/", characters[colon + 2] == "/" {
            return nil
        }
        let name = text(index..<colon)
        // A dotted word is a field only when it names one: `api.example.com:8080` is free text.
        if name.contains("."), FilterField(rawValue: name.lowercased()) == nil { return nil }
        index = colon + 1
        let valueColumn = index + 1
        if isBoundary(index) {
            return (name, nil, valueColumn)
        }
        return (name, try readWord().text, valueColumn)
    }

    /// Reads one shell-like word: bare characters and quoted parts glued together.
    private mutating func readWord() throws(FilterParseError) -> (text: String, quoted: Bool) {
        var text = ""
        var quoted = false
        while !isBoundary(index) {
            if characters[index] == "\"" {
                quoted = true
                try readQuoted(into: &text)
            } else {
                text.unicodeScalars.append(characters[index])
                index += 1
            }
        }
        return (text, quoted)
    }

    private mutating func readQuoted(into text: inout String) throws(FilterParseError) {
        let openingColumn = index + 1
        index += 1
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                index += 1
                return
            }
            // Only \" and \\ are escapes; other backslashes stay literal so Windows-ish paths and
            // regex-looking text survive unchanged.
            if character == "\\", index + 1 < characters.count,
               characters[index + 1] == "\"" || characters[index + 1] == "\\" {
                text.unicodeScalars.append(characters[index + 1])
                index += 2
            } else {
                text.unicodeScalars.append(character)
                index += 1
            }
        }
        throw FilterParseError(
            column: openingColumn,
            message: "expected a closing \" for the quote opened at column \(openingColumn), found end of expression")
    }

    private mutating func skipWhitespace() {
        while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
    }

    /// Whether a word ends before position `position`'s character.
    private func isBoundary(_ position: Int) -> Bool {
        guard position < characters.count else { return true }
        let character = characters[position]
        return character.properties.isWhitespace || character == "(" || character == ")"
    }
}

extension Unicode.Scalar {
    /// `A`–`Z` or `a`–`z`: the characters of field names and alias letters.
    fileprivate var isASCIILetter: Bool {
        isASCII && (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
    }
}
