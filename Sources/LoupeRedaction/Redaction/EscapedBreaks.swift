/// A text's escaped line breaks and tabs (`\n`, `\r`, `\t` written as a backslash and a letter,
/// as logs print JSON strings and reprs) made real, in a copy of the same length: the backslash
/// stays and the letter becomes the break, so every offset in the copy is the same in the text.
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
            let replacement: UInt8?
            switch text[index + 1] {
            case UInt8(ascii: "n"): replacement = UInt8(ascii: "\n")
            case UInt8(ascii: "r"): replacement = UInt8(ascii: "\r")
            case UInt8(ascii: "t"): replacement = UInt8(ascii: "\t")
            default: replacement = nil
            }
            if let replacement {
                if copy == nil { copy = Array(text) }
                copy![index + 1] = replacement
                positions.append(index..<(index + 1))
            }
            searchFrom = index + 2  // the escaped byte, whatever it is, is not a backslash that starts an escape
        }
        guard let copy else { return nil }
        bytes = copy
        self.positions = positions
    }
}
