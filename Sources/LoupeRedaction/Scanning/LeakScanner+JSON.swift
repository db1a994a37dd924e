extension LeakScanner {
    /// The ids, descriptions and categories of findings that come from the scanner itself rather
    /// than from a pattern rule: the structural checks and `unscannable`. Reports list them next
    /// to the pattern rules.
    public static let builtInFindingKinds: [(id: String, description: String, category: String)] = [
        (sensitiveHeaderRuleID, "Unredacted value of a sensitive header (structural list)", "credential"),
        (sensitiveCookieRuleID, "Unredacted value of a sensitive cookie (structural list)", "credential"),
        (sensitiveQueryRuleID, "Unredacted value of a sensitive query parameter (structural list)", "credential"),
        (sensitiveFormFieldRuleID, "Unredacted value of a sensitive form field (structural list)", "credential"),
        (sensitiveJSONKeyRuleID, "Unredacted value under a sensitive JSON key (structural list)", "credential"),
        (Finding.unscannableRuleID, "Text the rules could not finish scanning (PCRE2 resource limit)", "unscannable"),
    ]

    /// A HAR or Loupe `{"name", "value"}` header whose name is in the structural header list.
    public static let sensitiveHeaderRuleID = "sensitive-header"
    /// A HAR `cookies` entry whose name is in the structural cookie list.
    public static let sensitiveCookieRuleID = "sensitive-cookie"
    /// A HAR `queryString` entry whose name is in the structural query list.
    public static let sensitiveQueryRuleID = "sensitive-query-parameter"
    /// A HAR `postData.params` entry whose name is in the structural form-field list.
    public static let sensitiveFormFieldRuleID = "sensitive-form-field"
    /// A JSON member whose key is in the structural JSON-key list.
    public static let sensitiveJSONKeyRuleID = "sensitive-json-key"

    /// Every finding in one JSON document, by pointer (with `line`, as an NDJSON record).
    ///
    /// Every key, string and number is scanned on its own. A member's value is scanned with its
    /// key in front (`"password": "value"`, or `"name": "value"` for a `{"name", "value"}` pair),
    /// so keyword-anchored rules see the same context as in the raw text. Besides the pattern
    /// rules, values under the structural names (JSON keys; header, cookie, query and form-field
    /// names in `{"name", "value"}` lists such as HAR's) must be redacted: an unredacted one that no
    /// pattern rule reported is a `sensitive-…` finding.
    ///
    /// - Throws: when `bytes` is not one valid JSON value or nests too deeply.
    func jsonFindings(in bytes: UnsafeRawBufferPointer, line: Int?) throws -> [Finding] {
        var findings: [Finding] = []
        var segment: [UInt8] = []  // reused for every leaf: most leaves are short, allocation would dominate
        try JSONLeafWalker.walk(bytes, maximumDepth: limits.maximumJSONDepth) { leaf in
            let matches = leafMatches(leaf, segment: &segment)
            var pointer: String?
            func location() -> Finding.Location {
                let resolved = pointer ?? leaf.pointer
                pointer = resolved
                return line.map { .ndjson(line: $0, pointer: resolved) } ?? .json(pointer: resolved)
            }
            for match in matches {
                findings.append(Finding(ruleID: match.ruleID, category: match.category, location: location(),
                                        byteRange: match.range, preview: match.preview))
            }
            if matches.isEmpty, let ruleID = structuralRuleID(for: leaf), holdsUnredactedValue(leaf, ruleID: ruleID) {
                findings.append(Finding(ruleID: ruleID, category: "credential", location: location(),
                                        byteRange: 0..<leaf.bytes.count, preview: SecretPreview.masked(leaf.bytes)))
            }
        }
        return findings
    }

    /// The pattern matches in one leaf, with ranges into the leaf's own bytes.
    private func leafMatches(_ leaf: JSONLeafWalker.Leaf, segment: inout [UInt8]) -> [SegmentMatch] {
        let contextKey = leaf.siblingName ?? leaf.memberKey
        guard leaf.kind != .key, let contextKey else { return matches(in: leaf.bytes) }

        // `"key": "value"` (no quotes around numbers), as the member reads in the raw JSON.
        let quote = UInt8(ascii: "\"")
        segment.removeAll(keepingCapacity: true)
        segment.append(quote)
        segment.append(contentsOf: contextKey.utf8)
        segment.append(contentsOf: [quote, UInt8(ascii: ":"), UInt8(ascii: " ")])
        if leaf.kind == .string { segment.append(quote) }
        let prefixLength = segment.count
        segment.append(contentsOf: leaf.bytes)
        if leaf.kind == .string { segment.append(quote) }
        let valueRange = prefixLength..<(prefixLength + leaf.bytes.count)

        return segment.withUnsafeBytes { matches(in: $0) }.compactMap { match in
            var match = match
            if match.ruleID == Finding.unscannableRuleID {
                match.range = 0..<leaf.bytes.count
                return match
            }
            // Matches only inside the key were reported when the key itself was visited.
            guard match.range.overlaps(valueRange) else { return nil }
            let clamped = match.range.clamped(to: valueRange)
            match.range = (clamped.lowerBound - prefixLength)..<(clamped.upperBound - prefixLength)
            return match
        }
    }

    /// The structural rule that says this leaf must be redacted, if any.
    private func structuralRuleID(for leaf: JSONLeafWalker.Leaf) -> String? {
        guard leaf.kind == .string, let key = leaf.memberKey else { return nil }
        let structural = ruleSet.structural
        if key == "value", let name = leaf.siblingName, leaf.path.count >= 3,
           case .key(let list) = leaf.path[leaf.path.count - 3]
        {
            switch list {
            case "headers" where structural.headerNames.contains(StructuralRules.normalizedHeader(name)):
                return Self.sensitiveHeaderRuleID
            case "cookies" where structural.cookieNames.contains("*")
                || structural.cookieNames.contains(StructuralRules.normalizedHeader(name)):
                return Self.sensitiveCookieRuleID
            case "queryString" where structural.queryParameters.contains(StructuralRules.normalizedKey(name)):
                return Self.sensitiveQueryRuleID
            case "params" where structural.formFields.contains(StructuralRules.normalizedKey(name)):
                return Self.sensitiveFormFieldRuleID
            default:
                break
            }
        }
        return structural.jsonKeys.contains(StructuralRules.normalizedKey(key)) ? Self.sensitiveJSONKeyRuleID : nil
    }

    /// Whether a sensitive leaf still holds a secret. For a listed `Cookie` or `Set-Cookie` header
    /// the redactor replaces each cookie's value and keeps the names and attributes
    /// (`session=[REDACTED:cookie]; Path=/`), so only those values must be placeholders.
    private func holdsUnredactedValue(_ leaf: JSONLeafWalker.Leaf, ruleID: String) -> Bool {
        guard ruleID == Self.sensitiveHeaderRuleID, let name = leaf.siblingName.map(StructuralRules.normalizedHeader),
              name == "cookie" || name == "set-cookie"
        else { return Self.holdsUnredactedValue(leaf.bytes) }
        return CookieHeader.cookies(in: leaf.bytes, isSetCookie: name == "set-cookie").contains { cookie in
            Self.holdsUnredactedValue(UnsafeRawBufferPointer(rebasing: leaf.bytes[cookie.value]))
        }
    }

    /// Whether a value under a sensitive name still holds something once placeholders are taken
    /// out; an authorization scheme word in front of a placeholder (`Bearer [REDACTED:bearer]`)
    /// is what the redactor leaves, so it does not count.
    static func holdsUnredactedValue(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var remaining = Array(bytes)
        let placeholders = RedactionPlaceholder.ranges(in: bytes)
        for range in placeholders {
            for index in range { remaining[index] = UInt8(ascii: " ") }
        }
        let words = remaining.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if words.isEmpty { return false }
        let isSchemeOnly = !placeholders.isEmpty && words.count == 1 && words[0].allSatisfy {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & ~0x20)
        }
        return !isSchemeOnly
    }
}
