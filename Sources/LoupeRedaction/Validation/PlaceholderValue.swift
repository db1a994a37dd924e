/// Values that documentation and sample files put where a secret goes, which no rule's match
/// counts as a secret: `your_api_key_here`, `YOUR-TOKEN`, `<password>`, `${DB_PASSWORD}`,
/// `{{ token }}`, `%API_KEY%`, `#(password)`, `(YOUR_DB_PASSWORD)`, `[redacted]`.
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
        guard firstBytes.contains(first) || lastBytes.contains(last) else { return false }
        let lower = value.map(KeywordIndex.lowercased)
        if words.contains(lower) { return true }
        if lower.count > prefix.count, lower.starts(with: prefix), separators.contains(lower[prefix.count]) { return true }
        if lower.count > suffix.count, lower.reversed().starts(with: suffix.reversed()),
           separators.contains(lower[lower.count - suffix.count - 1])
        {
            return true
        }
        return isWrapped(lower)
    }

    /// ``isPlaceholder(_:)`` of a string's UTF-8 bytes.
    static func isPlaceholder(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isPlaceholder(UnsafeRawBufferPointer($0)) }
    }

    /// The word a placeholder may start with, and the one it may end with, each set off by a
    /// ``separators`` byte: `your-api-key`, `paste_it_here`.
    private static let prefix = Array("your".utf8), suffix = Array("here".utf8)
    private static let separators = ByteSet("-_ .".utf8)

    /// Bytes a mask repeats: `xxxx`, `XXXX`, `****`, `....`, `####`.
    private static let maskBytes = ByteSet("xX*.#".utf8)

    /// Whole values (lower-cased) that only stand in for a secret.
    private static let words: Set<[UInt8]> = Set(
        ["changeme", "change-me", "change_me", "changeit", "placeholder", "redacted"].map { Array($0.utf8) })

    /// The template brackets that wrap a placeholder whole, opening and closing.
    private static let wrappers: [(open: [UInt8], close: [UInt8])] = [
        ("<", ">"), ("&lt;", "&gt;"), ("${", "}"), ("$(", ")"), ("{{", "}}"), ("%", "%"), ("#(", ")"), ("(", ")"),
        ("[", "]"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// The first and the last bytes of the forms above, read off them: a value starting and
    /// ending otherwise is no placeholder.
    private static let firstBytes = ByteSet(([prefix] + Array(words) + wrappers.map(\.open)).compactMap(\.first))
    private static let lastBytes = ByteSet(([suffix] + Array(words) + wrappers.map(\.close)).compactMap(\.last))

    /// Bytes of a wrapped name besides letters and digits.
    private static let namePunctuation = ByteSet("_-. ".utf8)

    /// Whether `lower` is one wrapper around a name: letters, digits, `_`, `-`, `.` and spaces,
    /// with at least one letter.
    private static func isWrapped(_ lower: [UInt8]) -> Bool {
        let isLetter = { (byte: UInt8) in byte &- UInt8(ascii: "a") < 26 }
        for (open, close) in wrappers where lower.count > open.count + close.count {
            guard lower.starts(with: open), lower.reversed().starts(with: close.reversed()) else { continue }
            let inside = lower[open.count..<(lower.count - close.count)]
            let isName = inside.allSatisfy { isLetter($0) || $0 &- UInt8(ascii: "0") < 10 || namePunctuation.contains($0) }
            if isName, inside.contains(where: isLetter) { return true }
        }
        return false
    }
}
