/// Recognizes the text the redactor leaves where a secret was, so the leak scanner never reports
/// redacted output as a leak. The three replacement styles produce:
///
/// - label: `[REDACTED:rule-id]` (also a bare `[REDACTED]`);
/// - hash: `[rule-id:5f2a9c1e]`, a lower-kebab rule id and exactly 8 lower-case hex digits;
/// - mask: four or more `*` followed by at most four characters of the secret (`****1234`,
///   `****`), which must end at a boundary (not followed by another secret character).
///
/// The bracketed forms are also recognized percent-encoded (`%5BREDACTED%3Aemail%5D`), the way
/// they appear once a URL query value is re-encoded.
///
/// ```swift
/// RedactionPlaceholder.isPlaceholder("[REDACTED:email]")        // true
/// RedactionPlaceholder.ranges(in: "token=****9f2c and [jwt:0a1b2c3d]")  // [6..<14, 19..<33]
/// ```
public enum RedactionPlaceholder {
    /// The longest label a `[REDACTED:…]` placeholder may carry; longer brackets are left alone.
    public static let maximumLabelLength = 80

    /// Whether `text` is exactly one placeholder.
    public static func isPlaceholder(_ text: String) -> Bool {
        let ranges = ranges(in: text)
        return ranges.count == 1 && ranges[0] == 0..<text.utf8.count
    }

    /// The UTF-8 byte ranges of every placeholder in `text`, ascending and non-overlapping.
    public static func ranges(in text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { ranges(in: UnsafeRawBufferPointer($0)) }
    }

    /// The byte ranges of every placeholder in `bytes` (UTF-8, possibly invalid), ascending and
    /// non-overlapping.
    public static func ranges(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return result }
        let bracket = SIMD16<UInt8>(repeating: UInt8(ascii: "[")), percent = SIMD16<UInt8>(repeating: UInt8(ascii: "%"))
        let star = SIMD16<UInt8>(repeating: UInt8(ascii: "*"))
        while index < count {
            // Large texts hold few placeholder starts: skip sixteen bytes at a time to the next one.
            if index + 16 <= count {
                let chunk = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if !any(chunk .== bracket .| chunk .== percent .| chunk .== star) {
                    index += 16
                    continue
                }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "*"),
               let end = placeholderEnd(in: bytes, at: index)
            {
                result.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// Whether any byte that can start a placeholder occurs; lets callers skip the full search.
    static func mayContainPlaceholder(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "%") }
    }

    // MARK: Parsing

    /// The end of the placeholder starting at `start`, or nil when none starts there.
    private static func placeholderEnd(in bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        if bytes[start] == UInt8(ascii: "*") {
            return maskEnd(in: bytes, at: start)
        }
        guard let (bodyStart, encoded) = openingBracket(in: bytes, at: start) else { return nil }
        return labelEnd(in: bytes, bodyStart: bodyStart, encoded: encoded)
            ?? hashEnd(in: bytes, bodyStart: bodyStart, encoded: encoded)
    }

    /// `****` then up to four secret characters, ending at a boundary.
    private static func maskEnd(in bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: "*") { index += 1 }
        guard index - start >= 4 else { return nil }
        var kept = 0
        while index < bytes.count, kept < 4, isSecretCharacter(bytes[index]) {
            index += 1
            kept += 1
        }
        // More secret characters after the four shown means this is not a mask but a real value
        // that happens to follow asterisks.
        if index < bytes.count, isSecretCharacter(bytes[index]) { return nil }
        return index
    }

    /// `[REDACTED]` or `[REDACTED:label]` (label without `]`, line breaks or another `[`).
    private static func labelEnd(in bytes: UnsafeRawBufferPointer, bodyStart: Int, encoded: Bool) -> Int? {
        let word = Array("REDACTED".utf8)
        guard bodyStart + word.count <= bytes.count,
              word.indices.allSatisfy({ bytes[bodyStart + $0] == word[$0] })
        else { return nil }
        var index = bodyStart + word.count
        if let end = closingBracketEnd(in: bytes, at: index, encoded: encoded) { return end }
        guard let afterColon = colonEnd(in: bytes, at: index, encoded: encoded) else { return nil }
        index = afterColon
        let labelStart = index
        while index < bytes.count, index - labelStart <= maximumLabelLength {
            if let end = closingBracketEnd(in: bytes, at: index, encoded: encoded) {
                return index > labelStart ? end : nil
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `[rule-id:` then exactly 8 lower-case hex digits and `]`.
    private static func hashEnd(in bytes: UnsafeRawBufferPointer, bodyStart: Int, encoded: Bool) -> Int? {
        var index = bodyStart
        var previousWasDash = true
        while index < bytes.count, index - bodyStart <= maximumLabelLength {
            let byte = bytes[index]
            if isLowerAlphanumeric(byte) {
                previousWasDash = false
            } else if byte == UInt8(ascii: "-"), !previousWasDash {
                previousWasDash = true
            } else {
                break
            }
            index += 1
        }
        guard index > bodyStart, !previousWasDash,
              let digitsStart = colonEnd(in: bytes, at: index, encoded: encoded),
              digitsStart + 8 <= bytes.count
        else { return nil }
        for offset in 0..<8 where !isLowerHex(bytes[digitsStart + offset]) { return nil }
        return closingBracketEnd(in: bytes, at: digitsStart + 8, encoded: encoded)
    }

    // MARK: Tokens

    private static func openingBracket(in bytes: UnsafeRawBufferPointer, at index: Int) -> (Int, Bool)? {
        if bytes[index] == UInt8(ascii: "[") { return (index + 1, false) }
        if matchesEscape(in: bytes, at: index, hex: (UInt8(ascii: "5"), UInt8(ascii: "b"))) { return (index + 3, true) }
        return nil
    }

    private static func closingBracketEnd(in bytes: UnsafeRawBufferPointer, at index: Int, encoded: Bool) -> Int? {
        guard index < bytes.count else { return nil }
        if !encoded { return bytes[index] == UInt8(ascii: "]") ? index + 1 : nil }
        return matchesEscape(in: bytes, at: index, hex: (UInt8(ascii: "5"), UInt8(ascii: "d"))) ? index + 3 : nil
    }

    private static func colonEnd(in bytes: UnsafeRawBufferPointer, at index: Int, encoded: Bool) -> Int? {
        guard index < bytes.count else { return nil }
        if !encoded { return bytes[index] == UInt8(ascii: ":") ? index + 1 : nil }
        return matchesEscape(in: bytes, at: index, hex: (UInt8(ascii: "3"), UInt8(ascii: "a"))) ? index + 3 : nil
    }

    /// `%XY` with the hex digits compared case-insensitively (`hex` is lower-case).
    private static func matchesEscape(in bytes: UnsafeRawBufferPointer, at index: Int, hex: (UInt8, UInt8)) -> Bool {
        index + 2 < bytes.count && bytes[index] == UInt8(ascii: "%") && bytes[index + 1] == hex.0
            && bytes[index + 2] | 0x20 == hex.1
    }

    /// Characters a masked secret's visible tail can consist of: anything but whitespace, quotes,
    /// brackets, separators and the asterisk itself.
    private static func isSecretCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "+"),
             UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "!"),
             UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "^"):
            true
        default:
            byte >= 0x80  // non-ASCII letters of a secret
        }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
