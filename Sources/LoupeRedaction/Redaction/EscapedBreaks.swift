/// A text's escapes that stand for a break between words, made real in a copy of the same length,
/// so every offset in the copy is the same in the text: `\n`, `\r` and `\t` (a backslash and a
/// letter, as logs print JSON strings and reprs) become the break after the backslash, and a
/// `\uXXXX` or `\xXX` escape of ASCII punctuation, space or a control character (`\u0022`,
/// `\x27`) becomes spaces, and so does a terminal colour sequence (`ESC[32m`, also written
/// `\u001b[32m`, `\x1b[…`, `\033[…` or `\e[…`). Then `Here you go:\nghp_…`, `\u0022ghp_…\u0022`
/// or a coloured `ESC[1mghp_…ESC[0m` shows the token with a boundary before it, as the rules want.
/// Underscores of Markdown or chat emphasis around a word (`_ann@example.org_`) become spaces too.
struct EscapedBreaks {
    /// The copy.
    var bytes: [UInt8]
    /// Where each escape starts, ascending, as one-byte ranges (for ``Redactor/lines(around:in:)``).
    var positions: [Range<Int>]

    /// Nil when `text` holds no such escape (a backslash escaping a backslash does not count:
    /// `\\n` is a backslash and an `n`).
    init?(in text: UnsafeRawBufferPointer) {
        let backslash = UInt8(ascii: "\\")
        var copy: [UInt8]?
        var positions: [Range<Int>] = []
        let count = text.count
        var searchFrom = 0
        while let index = ByteSearch.firstIndex(of: backslash, in: text, searchFrom..<count), index < count - 1 {
            var next = index + 2  // the escaped byte, whatever it is, is not a backslash that starts an escape
            switch text[index + 1] {
            case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                if copy == nil { copy = Array(text) }
                copy![index + 1] = text[index + 1] == UInt8(ascii: "n") ? 0x0A : text[index + 1] == UInt8(ascii: "r") ? 0x0D : 0x09
                positions.append(index..<(index + 1))
            case UInt8(ascii: "u"), UInt8(ascii: "x"):
                let digits = text[index + 1] == UInt8(ascii: "u") ? 4 : 2
                guard let value = Self.hexValue(text, from: index + 2, digits: digits), Self.separatesWords(value) else { break }
                // An escaped ESC that starts a colour sequence (`\u001b[32m`) is blanked with it.
                let end = value == 0x1B ? Self.controlSequenceEnd(text, from: index + 2 + digits) ?? index + 2 + digits : index + 2 + digits
                if copy == nil { copy = Array(text) }
                for offset in index..<end { copy![offset] = UInt8(ascii: " ") }
                positions.append(index..<(index + 1))
                next = end
            case UInt8(ascii: "e"), UInt8(ascii: "0"):
                // `\e[…m` and `\033[…m`, a colour sequence written as shell escapes.
                let start = text[index + 1] == UInt8(ascii: "e") ? index + 2 : index + 4
                guard text[index + 1] == UInt8(ascii: "e")
                        || (index + 3 < count && text[index + 2] == UInt8(ascii: "3") && text[index + 3] == UInt8(ascii: "3")),
                      let end = Self.controlSequenceEnd(text, from: start)
                else { break }
                if copy == nil { copy = Array(text) }
                for offset in index..<end { copy![offset] = UInt8(ascii: " ") }
                positions.append(index..<(index + 1))
                next = end
            default:
                break
            }
            searchFrom = next
        }
        // Terminal colour sequences as raw bytes (ESC [ … m), as CI logs stream them.
        searchFrom = 0
        while let index = ByteSearch.firstIndex(of: 0x1B, in: text, searchFrom..<count) {
            searchFrom = index + 1
            guard let end = Self.controlSequenceEnd(text, from: index + 1) else { continue }
            if copy == nil { copy = Array(text) }
            for offset in index..<end { copy![offset] = UInt8(ascii: " ") }
            positions.append(index..<(index + 1))
            searchFrom = end
        }
        // Markdown and chat emphasis with underscores (`_ghp_…_`, `_ann@example.org_`): an
        // underscore opening a word after a space or punctuation, or closing one before them.
        searchFrom = 0
        while let index = ByteSearch.firstIndex(of: UInt8(ascii: "_"), in: text, searchFrom..<count) {
            searchFrom = index + 1
            let before = index > 0 ? text[index - 1] : UInt8(ascii: " ")
            let after = index + 1 < count ? text[index + 1] : UInt8(ascii: " ")
            let opens = Self.isEmphasisEdge(before) && after.isASCIILetterOrDigit
            let closes = (before.isASCIILetterOrDigit || before == UInt8(ascii: ".")) && Self.isEmphasisEdge(after)
            guard opens || closes else { continue }
            if copy == nil { copy = Array(text) }
            copy![index] = UInt8(ascii: " ")
            positions.append(index..<(index + 1))
        }
        guard let copy else { return nil }
        bytes = copy
        self.positions = positions.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether `byte` may stand next to an emphasis underscore on the outside: white space or
    /// punctuation that ends or opens a phrase.
    private static func isEmphasisEdge(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "*"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    /// The end of an ANSI control sequence whose `[` is at `start` (ECMA-48 CSI: parameter and
    /// intermediate bytes, then one final byte from `@` to `~`), or nil when there is none.
    private static func controlSequenceEnd(_ text: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < text.count, text[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        while index < text.count, index - start <= 32 {
            switch text[index] {
            case 0x20...0x3F: index += 1
            case 0x40...0x7E: return index + 1
            default: return nil
            }
        }
        return nil
    }

    /// The value of `digits` hex digits at `start`, if they are all there.
    private static func hexValue(_ text: UnsafeRawBufferPointer, from start: Int, digits: Int) -> UInt32? {
        guard start + digits <= text.count else { return nil }
        var value: UInt32 = 0
        for offset in start..<(start + digits) {
            guard let digit = PercentDecodedText.hexValue(text[offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Whether the character `value` ends a word: ASCII other than letters, digits and `_`.
    private static func separatesWords(_ value: UInt32) -> Bool {
        guard value < 0x80 else { return false }
        let byte = UInt8(value)
        return !(byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_"))
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
