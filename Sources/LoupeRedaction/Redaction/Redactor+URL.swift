extension Redactor {
    /// `url` with its userinfo password (`url-userinfo`) and the values of sensitive query and
    /// fragment parameters (`query-param`) replaced, then the pattern rules over the whole URL,
    /// percent-decoded for matching (`ann%40example.com` is an email; in the query a `+` is also
    /// read as a space). What is not a secret keeps its original encoding; placeholders are
    /// written literally (`?token=[REDACTED:query-param]`), which URL parsers accept.
    ///
    /// Absolute URLs, origin-form targets (`/path?query`) and anything else are accepted; the
    /// parse is a byte scan, not Foundation's `URL`.
    public func redactURL(_ url: String, counts: inout [String: Int]) -> String {
        redactedURL(url, counts: &counts) ?? url
    }

    func redactedURL(_ url: String, counts: inout [String: Int]) -> String? {
        guard !url.isEmpty else { return nil }
        return unlessKnownClean(.url, "", url, counts: &counts) { counts in redactedURLUncached(url, counts: &counts) }
    }

    private func redactedURLUncached(_ url: String, counts: inout [String: Int]) -> String? {
        let bytes = Array(url.utf8)
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []

        var rest = 0
        if let schemeEnd = Self.schemeSeparator(in: bytes) {
            let authorityStart = schemeEnd + 3
            let authorityEnd = bytes[authorityStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? bytes.endIndex
            if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
               let colon = Self.userinfoColon(in: bytes, authorityStart..<at), colon + 1 < at
            {
                let password = bytes.withUnsafeBytes {
                    PercentDecodedText.decodedString(UnsafeRawBufferPointer(rebasing: $0[(colon + 1)..<at]), plusAsSpace: false)
                }
                if !RedactionPlaceholder.isPlaceholder(password) {
                    edits.append(((colon + 1)..<at, structuralPlaceholder(StructuralRuleID.urlUserinfo.rawValue,
                                                                          secret: password, encoding: .url)))
                    counts[StructuralRuleID.urlUserinfo.rawValue, default: 0] += 1
                }
            }
            rest = authorityEnd
        }
        let fragmentStart = bytes[rest...].firstIndex(of: UInt8(ascii: "#"))
        let queryEnd = fragmentStart ?? bytes.endIndex
        if let question = bytes[rest..<queryEnd].firstIndex(of: UInt8(ascii: "?")) {
            edits += sensitivePairEdits(bytes, in: (question + 1)..<queryEnd, names: structural.queryParameters,
                                        id: StructuralRuleID.queryParameter.rawValue, counts: &counts)
        }
        if let fragmentStart, bytes[fragmentStart...].contains(UInt8(ascii: "=")) {
            // OAuth's implicit flow returns `#access_token=…`: a fragment of pairs is a query.
            edits += sensitivePairEdits(bytes, in: (fragmentStart + 1)..<bytes.endIndex,
                                        names: structural.queryParameters,
                                        id: StructuralRuleID.queryParameter.rawValue, counts: &counts)
        }
        return finishEncoded(bytes, edits: edits, counts: &counts)
    }

    /// Applies structural `edits` (ascending, disjoint) to `bytes`, then the pattern rules over the
    /// result read as percent-encoded text with `+` as a space. Nil when neither changed anything.
    func finishEncoded(_ bytes: [UInt8], edits: [(range: Range<Int>, replacement: [UInt8])],
                       counts: inout [String: Int]) -> String? {
        var structured = bytes
        if !edits.isEmpty {
            structured = []
            structured.reserveCapacity(bytes.count + 24 * edits.count)
            var cursor = 0
            for edit in edits {
                structured += bytes[cursor..<edit.range.lowerBound]
                structured += edit.replacement
                cursor = edit.range.upperBound
            }
            structured += bytes[cursor...]
        }
        let patterned = structured.withUnsafeBytes { redactedEncoded($0, plusAsSpace: true, counts: &counts) }
        guard !edits.isEmpty || patterned != nil else { return nil }
        return String(decoding: patterned ?? structured, as: UTF8.self)
    }

    /// Replacements for the values of `name=value` pairs (separated by `&`) in `range` whose
    /// decoded, normalized name is in `names`. Empty values and placeholders are left alone.
    func sensitivePairEdits(_ bytes: [UInt8], in range: Range<Int>, names: Set<String>, id: String,
                            counts: inout [String: Int]) -> [(range: Range<Int>, replacement: [UInt8])] {
        guard !names.isEmpty else { return [] }
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        var pairStart = range.lowerBound
        bytes.withUnsafeBytes { buffer in
            while pairStart < range.upperBound {
                let pairEnd = bytes[pairStart..<range.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? range.upperBound
                if let equals = bytes[pairStart..<pairEnd].firstIndex(of: UInt8(ascii: "=")), equals + 1 < pairEnd {
                    let name = PercentDecodedText.decodedString(UnsafeRawBufferPointer(rebasing: buffer[pairStart..<equals]),
                                                                plusAsSpace: true)
                    if names.contains(StructuralRules.normalizedKey(name)) {
                        let value = PercentDecodedText.decodedString(
                            UnsafeRawBufferPointer(rebasing: buffer[(equals + 1)..<pairEnd]), plusAsSpace: true)
                        if !RedactionPlaceholder.isPlaceholder(value) {
                            edits.append(((equals + 1)..<pairEnd, structuralPlaceholder(id, secret: value, encoding: .url)))
                            counts[id, default: 0] += 1
                        }
                    }
                }
                pairStart = pairEnd + 1
            }
        }
        return edits
    }

    /// The `:` between user and password in `userinfo`, ignoring colons inside placeholders
    /// (`[REDACTED:email]@host` has no password).
    static func userinfoColon(in bytes: [UInt8], _ userinfo: Range<Int>) -> Int? {
        let placeholders = bytes.withUnsafeBytes { RedactionPlaceholder.ranges(in: UnsafeRawBufferPointer(rebasing: $0[userinfo])) }
        return bytes[userinfo].indices.first { index in
            bytes[index] == UInt8(ascii: ":") && !placeholders.contains { $0.contains(index - userinfo.lowerBound) }
        }
    }

    /// The index of the `:` of `scheme://`, if `bytes` starts with a scheme (RFC 3986: a letter,
    /// then letters, digits, `+`, `-`, `.`).
    static func schemeSeparator(in bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
        var index = 1
        while index < bytes.count, index < 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
                    ? index : nil
            }
            guard (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
            index += 1
        }
        return nil
    }
}
