/// How a `Cookie` header (`a=1; b=2`) or a `Set-Cookie` header (`a=1; Path=/; HttpOnly`) splits
/// into cookies, read the same way by the redactor (which replaces the values) and the leak
/// scanner (which checks that they were replaced).
enum CookieHeader {
    /// One `name=value` pair, as ranges of the header value with spaces and tabs trimmed.
    struct Cookie {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// The cookies in `bytes`; a `Set-Cookie` value holds one, what follows its first `;` being
    /// attributes. Segments without `=` are skipped.
    static func cookies<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, isSetCookie: Bool) -> [Cookie]
    where Bytes.Index == Int {
        var cookies: [Cookie] = []
        var segmentStart = bytes.startIndex
        while segmentStart <= bytes.endIndex {
            let segmentEnd = bytes[segmentStart...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            if let equals = bytes[segmentStart..<segmentEnd].firstIndex(of: UInt8(ascii: "=")) {
                cookies.append(Cookie(name: trimmed(bytes, segmentStart..<equals),
                                      value: trimmed(bytes, equals + 1..<segmentEnd)))
            }
            if isSetCookie { break }
            segmentStart = segmentEnd + 1
        }
        return cookies
    }

    /// `range` of `bytes` without leading and trailing spaces and tabs.
    private static func trimmed<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>) -> Range<Int>
    where Bytes.Index == Int {
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isBlank(bytes[lower]) { lower += 1 }
        while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
