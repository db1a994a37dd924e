extension Redactor {
    /// How many JSON documents embedded in JSON strings (a HAR body inside a HAR file, a body
    /// inside an exported event) are redacted as JSON; deeper ones are redacted as text.
    static let maximumEmbeddingDepth = 4

    /// A JSON text with sensitive keys' values replaced (recursively, whatever the value's type)
    /// and the pattern rules over every string, keys included; formatting and key order are kept.
    /// Input that is not (or not entirely) JSON is redacted as JSON as far as it parses and as
    /// text from there on, so a truncated body is still redacted.
    ///
    /// ```swift
    /// redactor.redactJSON(#"{"user":{"accessToken":"abc123"},"mail":"ann@example.com"}"#, counts: &counts)
    /// // {"user":{"accessToken":"[REDACTED:json-key]"},"mail":"[REDACTED:email]"}
    /// ```
    public func redactJSON(_ text: String, counts: inout [String: Int]) -> String {
        redactedJSON(text, counts: &counts) ?? text
    }

    /// An incremental redactor for one JSON document (or a sequence of them) of any size.
    public func makeJSONStream() -> JSONStreamRedactor {
        JSONStreamRedactor(redactor: self)
    }

    func redactedJSON(_ text: String, counts: inout [String: Int], depth: Int = 0) -> String? {
        guard !text.isEmpty else { return nil }
        var stream = JSONStreamRedactor(redactor: self, embeddingDepth: depth)
        var output: [UInt8] = []
        var changed = false
        Self.withBytes(of: text) { bytes in
            output.reserveCapacity(bytes.count + 64)
            stream.process(bytes, into: &output)
            if let failure = stream.failure {
                // `output` is the redaction of everything before the error; the rest is text.
                let rest = UnsafeRawBufferPointer(rebasing: bytes[min(failure.offset, bytes.count)...])
                if let redacted = redactPatterns(rest, options: ScanOptions(encoding: .plain), counts: &counts) {
                    output += redacted
                    changed = true
                } else {
                    output += rest
                }
            } else {
                stream.finish(leniently: true, into: &output)
            }
        }
        for (rule, hits) in stream.counts { counts[rule, default: 0] += hits }
        guard changed || stream.changed else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// The escaped replacement of a sensitive key's string or number value, counted under
    /// `json-key`; nil for an empty value, one that is already a placeholder or a documentation
    /// placeholder (``PlaceholderValue``: `{"api_key": "YOUR_API_KEY"}` in a sample request).
    func sensitiveJSONValue(_ value: UnsafeRawBufferPointer, counts: inout [String: Int]) -> [UInt8]? {
        guard !value.isEmpty, !PlaceholderValue.isPlaceholder(value) else { return nil }
        let placeholders = RedactionPlaceholder.ranges(in: value)
        if placeholders.count == 1, placeholders[0] == 0..<value.count { return nil }
        let id = StructuralRuleID.jsonKey.rawValue
        counts[id, default: 0] += 1
        var output: [UInt8] = []
        appendPlaceholder(id: id, style: style ?? .label, secret: value, encoding: .json, to: &output)
        return output
    }

    /// The escaped new content of a JSON string value that is not under a sensitive key, or nil
    /// when it stays. `raw` is the literal's content, `decoded` its decoding when it has escapes;
    /// `key` is the member's normalized key and `keyText` the key itself, which the pattern rules
    /// see as context (`"tel":"…"`).
    func redactedJSONStringValue(raw: UnsafeRawBufferPointer, decoded: UnsafeRawBufferPointer?,
                                 sourceOffsets: UnsafeBufferPointer<Int>?, key: String?, keyText: String?, pairName: String?,
                                 container: String, contentType: String?, embeddingDepth: Int,
                                 counts: inout [String: Int]) -> [UInt8]? {
        let text = decoded ?? raw
        guard !text.isEmpty else { return nil }
        if let pairName, let outcome = redactedPairValue(name: pairName, container: container,
                                                         value: String(decoding: text, as: UTF8.self), counts: &counts) {
            return outcome.map(Self.jsonEscaped)
        }
        if key == "url" || key == "href" || Self.looksLikeURL(text) {
            return redactedURL(String(decoding: text, as: UTF8.self), counts: &counts).map(Self.jsonEscaped)
        }
        if embeddingDepth < Self.maximumEmbeddingDepth {
            if let contentType, key == "text" || key == "body" {
                return redactedBodyText(String(decoding: text, as: UTF8.self), contentType: contentType,
                                        counts: &counts, depth: embeddingDepth + 1).map(Self.jsonEscaped)
            }
            if Self.startsLikeJSON(text) {
                return redactedJSON(String(decoding: text, as: UTF8.self), counts: &counts, depth: embeddingDepth + 1)
                    .map(Self.jsonEscaped)
            }
        }
        // The value of a name/value pair is read under its name: {"name":"DB_PASSWORD","value":"…"}.
        let context = (pairName ?? keyText).map { ScanContext.jsonMember(key: $0, quoted: true) }
        return redactPatterns(raw, decoded: decoded, sourceOffsets: sourceOffsets,
                              options: ScanOptions(decoding: .json, encoding: .json, context: context), counts: &counts)
    }

    /// The `value` of a `{"name": …, "value": …}` pair (HAR headers, cookies, query strings and
    /// form params; Loupe's exported headers), redacted by the rules for `name` in its container.
    ///
    /// - Returns: nil when no structural rule applies to this pair (the value is then redacted
    ///   like any string), `.some(nil)` when one applied and left the value as it was.
    func redactedPairValue(name: String, container: String, value: String, counts: inout [String: Int]) -> String?? {
        let lowerName = StructuralRules.normalizedHeader(name)
        let normalizedName = JSONStreamRedactor.normalizedKey(name)
        switch container {
        case "headers":
            return .some(redactedHeaderValue(name: name, value: value, counts: &counts))
        case "cookies":
            guard redactsAllRequestCookies || redactsAllResponseCookies || structural.cookieNames.contains(lowerName) else {
                return nil
            }
            return .some(replacedWhole(value, id: StructuralRuleID.cookie.rawValue, counts: &counts))
        case "querystring":
            guard structural.queryParameters.contains(normalizedName) else { return nil }
            return .some(replacedWhole(value, id: StructuralRuleID.queryParameter.rawValue, counts: &counts))
        case "params":
            guard structural.formFields.contains(normalizedName) else { return nil }
            return .some(replacedWhole(value, id: StructuralRuleID.formField.rawValue, counts: &counts))
        default:
            // An unknown container: any list that names this field makes it sensitive.
            if ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(lowerName)
                || structural.headerNames.contains(lowerName)
            {
                return .some(redactedHeaderValue(name: name, value: value, counts: &counts))
            }
            let id: StructuralRuleID
            if structural.queryParameters.contains(normalizedName) {
                id = .queryParameter
            } else if structural.formFields.contains(normalizedName) {
                id = .formField
            } else if structural.jsonKeys.contains(normalizedName) {
                id = .jsonKey
            } else if structural.cookieNames.contains(lowerName) {
                id = .cookie
            } else {
                return nil
            }
            return .some(replacedWhole(value, id: id.rawValue, counts: &counts))
        }
    }

    static func jsonEscaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 8)
        JSONStringCoding.appendEscaped(text.utf8, to: &output)
        return output
    }

    /// Whether the first non-whitespace byte opens an object or array.
    static func startsLikeJSON(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }
}
