/// Values that documentation and sample files put where a secret goes, which no rule's match
/// counts as a secret: `your_api_key_here`, `YOUR-TOKEN`, `<password>`, `${DB_PASSWORD}`,
/// `{{ token }}`, `%API_KEY%`, `#(password)`, `(YOUR_DB_PASSWORD)`.
///
/// Only forms that announce themselves are recognised: a value that starts with the word `your`
/// or ends with the word `here`, one wholly wrapped in a template's brackets, a mask (`xxxx`,
/// `****`, `...`) and the words `changeme`, `changeit`, `placeholder` and `redacted`. A real
/// secret that merely looks weak (`changeme1`, `password123`) is still a secret.
enum PlaceholderValue {
    /// Whether the UTF-8 `value` (a match's secret group) is such a placeholder.
    static func isPlaceholder(_ value: UnsafeRawBufferPointer) -> Bool {
        guard value.count >= 3 else { return false }
        // Nearly every candidate is ruled out by its first and last byte, without a copy.
        let first = KeywordIndex.lowercased(value[0]), last = KeywordIndex.lowercased(value[value.count - 1])
        if first == last, maskBytes.contains(first), value.allSatisfy({ $0 == value[0] }) { return true }
        guard openingBytes.contains(first) || last == UInt8(ascii: "e") || last == UInt8(ascii: "t")
            || last == UInt8(ascii: "r") || last == UInt8(ascii: "d")
        else { return false }
        let lower = value.map(KeywordIndex.lowercased)
        if words.contains(lower) { return true }
        let separators: Set<UInt8> = [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "), UInt8(ascii: ".")]
        if lower.starts(with: Array("your".utf8)), lower.count > 4, separators.contains(lower[4]) { return true }
        if lower.count > 5, lower.suffix(4).elementsEqual("here".utf8), separators.contains(lower[lower.count - 5]) {
            return true
        }
        return isWrapped(lower)
    }

    /// ``isPlaceholder(_:)`` of a string's UTF-8 bytes.
    static func isPlaceholder(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isPlaceholder(UnsafeRawBufferPointer($0)) }
    }

    /// Bytes a mask repeats: `xxxx`, `XXXX`, `****`, `....`, `####`.
    private static let maskBytes: ByteSet = {
        var set = ByteSet()
        for byte in "xX*.#".utf8 { set.insert(byte) }
        return set
    }()

    /// Whole values (lower-cased) that only stand in for a secret.
    private static let words: Set<[UInt8]> = Set(
        ["changeme", "change-me", "change_me", "changeit", "placeholder", "redacted"].map { Array($0.utf8) })

    /// The first bytes of a placeholder that does not end in `here`: `your…` or an opening bracket.
    private static let openingBytes: ByteSet = {
        var set = ByteSet()
        for byte in "y<&${%#([".utf8 { set.insert(byte) }
        return set
    }()

    /// The template brackets that wrap a placeholder whole, opening and closing.
    private static let wrappers: [(open: [UInt8], close: [UInt8])] = [
        ("<", ">"), ("&lt;", "&gt;"), ("${", "}"), ("$(", ")"), ("{{", "}}"), ("%", "%"), ("#(", ")"), ("(", ")"),
        ("[", "]"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Whether `lower` is one wrapper around a name: letters, digits, `_`, `-`, `.` and spaces,
    /// with at least one letter.
    private static func isWrapped(_ lower: [UInt8]) -> Bool {
        for (open, close) in wrappers where lower.count > open.count + close.count {
            guard lower.starts(with: open), lower.reversed().starts(with: close.reversed()) else { continue }
            let inside = lower[open.count..<(lower.count - close.count)]
            let isName = inside.allSatisfy { byte in
                byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || "_-. ".utf8.contains(byte)
            }
            if isName, inside.contains(where: { $0 &- UInt8(ascii: "a") < 26 }) { return true }
        }
        return false
    }
}
