/// A plain text with what stands for a break between words made a real one, in a copy of the
/// same length, so every offset in the copy is the same in the text:
///
/// - `\n`, `\r` and `\t` written as a backslash and a letter (logs printing JSON strings and
///   reprs): the letter becomes the break;
/// - a `\uXXXX` or `\xXX` escape of ASCII punctuation, space or a control character (`\u0022`,
///   `\x27`): spaces;
/// - a terminal colour sequence, raw (`ESC[32m`, as CI logs stream them) or written as an escape
///   (`\u001b[32m`, `\x1b[…`, `\033[…`, `\e[…`): spaces;
/// - an underscore of Markdown or chat emphasis opening or closing a word (`_ann@example.org_`):
///   a space.
///
/// Then `Here you go:\nghp_…`, `\u0022ghp_…\u0022` or a coloured `ESC[1mghp_…ESC[0m` shows the
/// token with the boundary the rules want before it.
struct WordBreakReading {
    /// The copy.
    private(set) var bytes: [UInt8]
    /// Where each break starts, ascending, as one-byte ranges (for ``Redactor/lines(around:in:)``).
    private(set) var positions: [Range<Int>]

    /// Nil when `text` holds nothing to break at (a backslash escaping a backslash does not
    /// count: `\\n` is a backslash and an `n`).
    init?(in text: UnsafeRawBufferPointer) {
        let count = text.count
        var copy: [UInt8]?
        var positions: [Range<Int>] = []
        /// Writes `byte` over `range` of the copy (made on the first call) and records the break
        /// as starting at `start`.
        func write(_ byte: UInt8, over range: Range<Int>, startingAt start: Int) {
            if copy == nil { copy = Array(text) }
            for offset in range { copy![offset] = byte }
            positions.append(start..<(start + 1))
        }

        var searchFrom = 0
        while let index = ByteSearch.firstIndex(of: UInt8(ascii: "\\"), in: text, searchFrom..<count), index < count - 1 {
            searchFrom = index + 2  // the escaped byte, whatever it is, does not start an escape
            switch text[index + 1] {
            case UInt8(ascii: "n"): write(0x0A, over: (index + 1)..<(index + 2), startingAt: index)
            case UInt8(ascii: "r"): write(0x0D, over: (index + 1)..<(index + 2), startingAt: index)
            case UInt8(ascii: "t"): write(0x09, over: (index + 1)..<(index + 2), startingAt: index)
            case UInt8(ascii: "u"), UInt8(ascii: "x"):
                let end = index + 2 + (text[index + 1] == UInt8(ascii: "u") ? 4 : 2)
                guard let value = Self.hexValue(text, in: (index + 2)..<end), Self.separatesWords(value) else { break }
                // An escaped ESC that starts a colour sequence (`\u001b[32m`) is blanked with it.
                let blankEnd = value == 0x1B ? Self.controlSequenceEnd(text, from: end) ?? end : end
                write(UInt8(ascii: " "), over: index..<blankEnd, startingAt: index)
                searchFrom = blankEnd
            case UInt8(ascii: "e"), UInt8(ascii: "0"):
                // `\e[…m` and `\033[…m`: a colour sequence written as shell escapes.
                let isOctal = text[index + 1] == UInt8(ascii: "0")
                if isOctal, !(index + 3 < count && text[index + 2] == UInt8(ascii: "3") && text[index + 3] == UInt8(ascii: "3")) { break }
                guard let end = Self.controlSequenceEnd(text, from: index + (isOctal ? 4 : 2)) else { break }
                write(UInt8(ascii: " "), over: index..<end, startingAt: index)
                searchFrom = end
            default:
                break
            }
        }
        searchFrom = 0
        while let index = ByteSearch.firstIndex(of: 0x1B, in: text, searchFrom..<count) {
            let end = Self.controlSequenceEnd(text, from: index + 1)
            if let end { write(UInt8(ascii: " "), over: index..<end, startingAt: index) }
            searchFrom = end ?? index + 1
        }
        searchFrom = 0
        while let index = ByteSearch.firstIndex(of: UInt8(ascii: "_"), in: text, searchFrom..<count) {
            searchFrom = index + 1
            let before = index > 0 ? text[index - 1] : UInt8(ascii: " ")
            let after = index + 1 < count ? text[index + 1] : UInt8(ascii: " ")
            let opens = Self.isEmphasisEdge(before) && after.isASCIILetterOrDigit
            let closes = (before.isASCIILetterOrDigit || before == UInt8(ascii: ".")) && Self.isEmphasisEdge(after)
            if opens || closes { write(UInt8(ascii: " "), over: index..<(index + 1), startingAt: index) }
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

    /// The value of the hex digits in `range` of `text`, if they are all there.
    private static func hexValue(_ text: UnsafeRawBufferPointer, in range: Range<Int>) -> UInt32? {
        guard range.upperBound <= text.count else { return nil }
        var value: UInt32 = 0
        for offset in range {
            guard let digit = PercentDecodedText.hexValue(text[offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Whether the character `value` ends a word: ASCII other than letters, digits and `_`.
    private static func separatesWords(_ value: UInt32) -> Bool {
        value < 0x80 && !(UInt8(value).isASCIILetterOrDigit || value == UInt32(UInt8(ascii: "_")))
    }
}
