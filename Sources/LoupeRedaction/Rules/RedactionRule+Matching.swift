/// The single-rule matching step shared by the redactor, the scanner and `loupe rules test`:
/// keyword prefilter, PCRE2 match, then validation of each match's secret group.
extension RedactionRule {
    /// The byte ranges of the secrets this rule finds in `text`: for every non-overlapping match
    /// whose secret group (``secretGroup``; 0 is the whole match) took part, is non-empty and
    /// passes ``validation``, the range of that group. Ranges are UTF-8 byte offsets into `text`,
    /// ascending and non-overlapping; replacing exactly these ranges is what redaction means.
    ///
    /// The keyword prefilter runs first (see ``keywordsOccur(in:)``): when the rule has keywords
    /// and none occurs, the result is empty without running the pattern, exactly as in the
    /// redactor. Pass `checkingKeywords: false` when the caller has already prefiltered.
    ///
    /// ```swift
    /// let ranges = try rule.validatedMatches(in: "card 4111 1111 1111 1111")
    /// // [5..<24] for a Luhn-validated card rule
    /// ```
    ///
    /// - Throws: ``PCRE2Error`` when matching hits PCRE2's resource limits (pathological input).
    public func validatedMatches(in text: String, checkingKeywords: Bool = true) throws(PCRE2Error) -> [Range<Int>] {
        try withUTF8(of: text) { (bytes) throws(PCRE2Error) in
            try validatedMatches(in: bytes, checkingKeywords: checkingKeywords)
        }
    }

    /// The same as the `String` variant, over raw UTF-8 bytes (possibly
    /// invalid), for callers that already hold a buffer; ranges are offsets into `bytes`.
    public func validatedMatches(in bytes: UnsafeRawBufferPointer, checkingKeywords: Bool = true) throws(PCRE2Error)
        -> [Range<Int>]
    {
        if checkingKeywords, !keywordsOccur(in: bytes) { return [] }
        var ranges: [Range<Int>] = []
        try regex.forEachMatch(in: bytes) { match in
            if let secret = match.range(ofGroup: secretGroup), !secret.isEmpty, passesValidation(bytes[secret]) {
                ranges.append(secret)
            }
            return true
        }
        return ranges
    }

    /// The validated secrets of the matches that start in `start..<limit` of `bytes`, searching
    /// from `start` (lookbehind still sees the bytes before it) and stopping at the first match
    /// starting at or after `limit`. `scratch` is the caller's match data for ``regex``.
    ///
    /// `scratch` may instead belong to another compilation of the same pattern (an anchored one,
    /// or one that stops searching at `limit`), which then does the matching.
    func validatedMatches(in bytes: UnsafeRawBufferPointer, startingAt start: Int, startingBefore limit: Int,
                          scratch: PCRE2Regex.MatchScratch) throws(PCRE2Error) -> [Range<Int>]
    {
        var ranges: [Range<Int>] = []
        try scratch.regex.forEachMatch(in: bytes, startingAt: start, startingAtMost: limit - 1, scratch: scratch) { match in
            guard match.range.lowerBound < limit else { return false }
            if let secret = match.range(ofGroup: secretGroup), !secret.isEmpty, passesValidation(bytes[secret]) {
                ranges.append(secret)
            }
            return true
        }
        return ranges
    }

    /// Whether the rule's prefilter lets `bytes` through: true when the rule has no keywords or
    /// at least one keyword occurs, compared ASCII-case-insensitively (keywords are stored
    /// lower-case; non-ASCII letters in a keyword must match exactly).
    public func keywordsOccur(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard !keywords.isEmpty else { return true }
        return keywords.contains { Self.containsASCIICaseInsensitive(bytes, lowercasedNeedle: $0) }
    }

    /// Whether the text of a secret group passes the rule's ``validation`` and is not a
    /// documentation placeholder (``PlaceholderValue``).
    func passesValidation(_ candidate: Slice<UnsafeRawBufferPointer>) -> Bool {
        // A documentation placeholder is no secret, whichever rule matched it.
        let bytes = UnsafeRawBufferPointer(rebasing: candidate)
        return !PlaceholderValue.isPlaceholder(bytes) && validation.accepts(utf8: bytes)
    }

    static func containsASCIICaseInsensitive(_ haystack: UnsafeRawBufferPointer, lowercasedNeedle needle: String) -> Bool {
        let needleBytes = Array(needle.utf8)
        guard let first = needleBytes.first else { return true }
        guard haystack.count >= needleBytes.count else { return false }
        let lastStart = haystack.count - needleBytes.count
        var start = 0
        while start <= lastStart {
            if lowercasedASCII(haystack[start]) == first {
                var offset = 1
                while offset < needleBytes.count, lowercasedASCII(haystack[start + offset]) == needleBytes[offset] {
                    offset += 1
                }
                if offset == needleBytes.count { return true }
            }
            start += 1
        }
        return false
    }

    @inline(__always)
    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
