extension Redactor {
    /// An `application/x-www-form-urlencoded` body with the values of sensitive fields replaced
    /// (`form-field`), then the pattern rules over the whole body, percent-decoded and with `+`
    /// read as a space for matching.
    ///
    /// ```swift
    /// redactor.redactForm("user=ann&password=hunter2", counts: &counts)
    /// // "user=ann&password=[REDACTED:form-field]"
    /// ```
    public func redactForm(_ text: String, counts: inout [String: Int]) -> String {
        redactedForm(text, counts: &counts) ?? text
    }

    func redactedForm(_ text: String, counts: inout [String: Int]) -> String? {
        guard !text.isEmpty else { return nil }
        let bytes = Array(text.utf8)
        let edits = sensitivePairEdits(bytes, in: bytes.indices, names: structural.formFields,
                                       id: StructuralRuleID.formField.rawValue, counts: &counts)
        return finishEncoded(bytes, edits: edits, counts: &counts)
    }

    /// A `multipart/form-data` (or other multipart) body: each part named by a sensitive form
    /// field has its content replaced; every other part is redacted by its own content type.
    /// Nil when nothing changed; a body that does not follow the boundary is redacted as text.
    func redactedMultipart(_ text: String, boundary: String, counts: inout [String: Int]) -> String? {
        let bytes = Array(text.utf8)
        let delimiter = Array(("--" + boundary).utf8)
        var starts: [Int] = []
        var searchFrom = 0
        while let found = Self.firstIndex(of: delimiter, in: bytes, from: searchFrom) {
            starts.append(found)
            searchFrom = found + delimiter.count
        }
        guard starts.count >= 2 else { return redactedText(text, counts: &counts) }

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        output += bytes[0..<starts[0]]
        for (position, start) in starts.enumerated() {
            let contentStart = start + delimiter.count
            let end = position + 1 < starts.count ? starts[position + 1] : bytes.count
            output += delimiter
            let part = Array(bytes[contentStart..<end])
            if let redacted = redactedMultipartPart(part, counts: &counts) {
                output += redacted
                changed = true
            } else {
                output += part
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// One part after its delimiter: `CRLF headers CRLF CRLF content CRLF` (or the closing `--`).
    private func redactedMultipartPart(_ part: [UInt8], counts: inout [String: Int]) -> [UInt8]? {
        let crlfcrlf = Array("\r\n\r\n".utf8), lflf = Array("\n\n".utf8)
        let separator = Self.firstIndex(of: crlfcrlf, in: part, from: 0).map { ($0, 4) }
            ?? Self.firstIndex(of: lflf, in: part, from: 0).map { ($0, 2) }
        guard let (headerEnd, separatorLength) = separator else {
            // The preamble's end, the closing `--` or a malformed part: plain text.
            return redactedText(String(decoding: part, as: UTF8.self), counts: &counts).map { Array($0.utf8) }
        }
        let contentStart = headerEnd + separatorLength
        // The content ends before the line break that precedes the next delimiter.
        var contentEnd = part.count
        if contentEnd >= contentStart + 2, part[contentEnd - 2] == 0x0D, part[contentEnd - 1] == 0x0A {
            contentEnd -= 2
        } else if contentEnd > contentStart, part[contentEnd - 1] == 0x0A {
            contentEnd -= 1
        }
        let headers = String(decoding: part[0..<headerEnd], as: UTF8.self)
        let content = String(decoding: part[contentStart..<contentEnd], as: UTF8.self)
        var replacement: String?
        if let name = Self.multipartFieldName(headers), structural.formFields.contains(StructuralRules.normalizedKey(name)) {
            replacement = replacedWhole(content, id: StructuralRuleID.formField.rawValue, counts: &counts)
        } else {
            replacement = redactedBodyText(content, contentType: Self.headerValue("content-type", in: headers),
                                           counts: &counts)
        }
        let redactedHeaders = redactedText(headers, counts: &counts)
        guard replacement != nil || redactedHeaders != nil else { return nil }
        var output = redactedHeaders.map { Array($0.utf8) } ?? Array(part[0..<headerEnd])
        output += part[headerEnd..<contentStart]
        output += replacement.map { Array($0.utf8) } ?? Array(part[contentStart..<contentEnd])
        output += part[contentEnd...]
        return output
    }

    /// The `name` parameter of a part's `Content-Disposition: form-data; name="field"` header.
    static func multipartFieldName(_ headers: String) -> String? {
        guard let disposition = headerValue("content-disposition", in: headers) else { return nil }
        return parameter("name", in: disposition)
    }

    /// The value of the first header line called `name` (case-insensitive) in a header block.
    static func headerValue(_ name: String, in headers: String) -> String? {
        for line in headers.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":"),
                  String(line[..<colon]).trimmingBlanks().lowercased() == name
            else { continue }
            return String(line[line.index(after: colon)...]).trimmingBlanks()
        }
        return nil
    }

    /// The value of `name=value` or `name="value"` in a header value's `;`-separated parameters.
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, String(pair[0]).trimmingBlanks().lowercased() == name else { continue }
            var result = String(pair[1]).trimmingBlanks()
            if result.count >= 2, result.hasPrefix("\""), result.hasSuffix("\"") {
                result = String(result.dropFirst().dropLast())
            }
            return result
        }
        return nil
    }

    /// The first occurrence of `needle` in `haystack` at or after `from`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        String(ruleFileTrimmed())
    }
}
