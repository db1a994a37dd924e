import LoupeCore

extension Redactor {
    /// Redacts every header value in place; names are kept.
    func redactHeaders(_ headers: inout [HTTPHeader], counts: inout [String: Int]) {
        for index in headers.indices {
            if let value = redactedHeaderValue(name: headers[index].name, value: headers[index].value, counts: &counts) {
                headers[index].value = value
            }
        }
    }

    /// One header value, redacted according to its name:
    ///
    /// - `Authorization`, `Proxy-Authorization`: the credentials after the scheme are replaced and
    ///   counted under the pattern rule named after the scheme (`Bearer [REDACTED:bearer-token]`
    ///   with the default rules), else the lower-cased scheme; a value without a scheme is
    ///   replaced whole. These two are always sensitive, whatever the rule set lists.
    /// - `Cookie`, `Set-Cookie`: each sensitive cookie's value is replaced (`cookie`); names and
    ///   attributes are kept.
    /// - a header the rule set lists: the whole value (`header`).
    /// - any other header: pattern rules (percent-decoded when the value is a URL).
    public func redactHeaderValue(name: String, value: String, counts: inout [String: Int]) -> String {
        redactedHeaderValue(name: name, value: value, counts: &counts) ?? value
    }

    func redactedHeaderValue(name: String, value: String, counts: inout [String: Int]) -> String? {
        guard !value.isEmpty else { return nil }
        return unlessKnownClean(.header, name, value, counts: &counts) { counts in
            redactedHeaderValueUncached(name: name, value: value, counts: &counts)
        }
    }

    private func redactedHeaderValueUncached(name: String, value: String, counts: inout [String: Int]) -> String? {
        let lowerName = StructuralRules.normalizedHeader(name)
        switch lowerName {
        case "authorization", "proxy-authorization":
            return redactedAuthorization(value, counts: &counts)
        case "cookie":
            return redactedCookies(value, isSetCookie: false, allSensitive: redactsAllRequestCookies, counts: &counts)
        case "set-cookie":
            return redactedCookies(value, isSetCookie: true, allSensitive: redactsAllResponseCookies, counts: &counts)
        default:
            if structural.headerNames.contains(lowerName) {
                return replacedWhole(value, id: StructuralRuleID.header.rawValue, counts: &counts)
            }
            if Self.looksLikeURL(value) { return redactedURL(value, counts: &counts) }
            let mentionsKeyword = headerNameMentionsKeyword(name, lowerName: lowerName)
            return redactedText(value, context: mentionsKeyword ? .header(name) : nil, counts: &counts)
        }
    }

    /// Whether `Name: `, the context header `name`'s value is shown with, mentions a rule's
    /// keyword; `lowerName` is its lower-case form. The keyword search ignores ASCII case, so an
    /// ASCII name can be looked up by its lower-case form.
    func headerNameMentionsKeyword(_ name: String, lowerName: String) -> Bool {
        if let known = commonHeaderMentionsKeyword[lowerName], name.utf8.allSatisfy({ $0 < 0x80 }) { return known }
        return Self.withBytes(of: name + ": ") { engine.mentionsKeyword($0) }
    }

    /// Header names most exchanges carry, for ``commonHeaderMentionsKeyword``.
    static let commonHeaderNames = [
        "host", "accept", "accept-encoding", "accept-language", "accept-ranges", "user-agent", "via", "content-type",
        "content-length", "content-encoding", "content-language", "content-range", "connection", "keep-alive",
        "cache-control", "pragma", "expires", "age", "date", "server", "etag", "last-modified", "vary", "location",
        "origin", "referer", "if-none-match", "if-modified-since", "range", "transfer-encoding", "upgrade",
        "x-request-id", "x-correlation-id", "traceparent", "tracestate", "x-forwarded-for", "x-forwarded-proto",
        "x-forwarded-host", "forwarded", "x-real-ip", "x-powered-by", "access-control-allow-origin",
        "access-control-allow-methods", "access-control-allow-headers", "access-control-allow-credentials",
        "strict-transport-security", "x-content-type-options", "x-frame-options", "content-security-policy",
        "sec-fetch-mode", "sec-fetch-site", "sec-fetch-dest", "sec-ch-ua", "sec-ch-ua-mobile", "sec-ch-ua-platform",
        "dnt", "link", "alt-svc",
    ]

    /// `value` replaced whole by the structural placeholder `id`, unless it is empty, already a
    /// placeholder (so a second pass counts nothing) or a documentation placeholder
    /// (``PlaceholderValue``: `password=your_password_here` in a sample form).
    func replacedWhole(_ value: String, id: String, counts: inout [String: Int]) -> String? {
        guard !value.isEmpty, !RedactionPlaceholder.isPlaceholder(value), !PlaceholderValue.isPlaceholder(value) else {
            return nil
        }
        counts[id, default: 0] += 1
        return String(decoding: structuralPlaceholder(id, secret: value), as: UTF8.self)
    }

    /// `Scheme credentials` with the credentials replaced, the scheme and spacing kept.
    func redactedAuthorization(_ value: String, counts: inout [String: Int]) -> String? {
        let bytes = Array(value.utf8)
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let schemeStart = bytes.firstIndex(where: { !isSpace($0) }) else { return nil }
        let schemeEnd = bytes[schemeStart...].firstIndex(where: isSpace) ?? bytes.endIndex
        let credentialsStart = bytes[schemeEnd...].firstIndex(where: { !isSpace($0) }) ?? bytes.endIndex
        let credentialsEnd = (bytes.lastIndex(where: { !isSpace($0) }) ?? bytes.endIndex - 1) + 1
        guard credentialsStart < credentialsEnd else {
            // A single word: there is no scheme to keep, the word is the credential.
            return replacedWhole(value, id: StructuralRuleID.header.rawValue, counts: &counts)
        }
        let credentials = String(decoding: bytes[credentialsStart..<credentialsEnd], as: UTF8.self)
        guard !RedactionPlaceholder.isPlaceholder(credentials) else { return nil }
        let scheme = String(decoding: bytes[schemeStart..<schemeEnd], as: UTF8.self).lowercased()
        let id = authorizationSchemeIDs[scheme]
            ?? (RuleFileLoader.isValidRuleID(scheme) ? scheme : StructuralRuleID.header.rawValue)
        counts[id, default: 0] += 1
        var output = Array(bytes[..<credentialsStart])
        output += structuralPlaceholder(id, secret: credentials)
        output += bytes[credentialsEnd...]
        return String(decoding: output, as: UTF8.self)
    }

    /// A `Cookie` list (`a=1; b=2`) or a `Set-Cookie` value (`a=1; Path=/; HttpOnly`) with the
    /// values of sensitive cookies replaced, then the pattern rules over the result.
    func redactedCookies(_ value: String, isSetCookie: Bool, allSensitive: Bool, counts: inout [String: Int]) -> String? {
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        var changed = false
        var cursor = 0
        for cookie in CookieHeader.cookies(in: bytes, isSetCookie: isSetCookie) where !cookie.value.isEmpty {
            let cookieName = StructuralRules.normalizedHeader(String(decoding: bytes[cookie.name], as: UTF8.self))
            guard allSensitive || structural.cookieNames.contains(cookieName) else { continue }
            let secret = String(decoding: bytes[cookie.value], as: UTF8.self)
            guard !RedactionPlaceholder.isPlaceholder(secret) else { continue }
            output += bytes[cursor..<cookie.value.lowerBound]
            output += structuralPlaceholder(StructuralRuleID.cookie.rawValue, secret: secret, encoding: .url)
            counts[StructuralRuleID.cookie.rawValue, default: 0] += 1
            cursor = cookie.value.upperBound
            changed = true
        }
        if changed { output += bytes[cursor...] }
        let structured = changed ? output : bytes
        let patterned = structured.withUnsafeBytes { redactedEncoded($0, plusAsSpace: false, counts: &counts) }
        guard changed || patterned != nil else { return nil }
        return String(decoding: patterned ?? structured, as: UTF8.self)
    }

    /// Pattern rules over percent-encoded text (URL, form body, cookie): matched decoded,
    /// replaced in the encoded text. Nil when nothing was found.
    func redactedEncoded(_ source: UnsafeRawBufferPointer, plusAsSpace: Bool, counts: inout [String: Int]) -> [UInt8]? {
        redactPatterns(source, options: ScanOptions(decoding: .percent, plusAsSpace: plusAsSpace, encoding: .url),
                       counts: &counts)
    }

    /// Whether `value` starts like an absolute web URL (`http://`, `https://`, `ws://`, `wss://`,
    /// any case) and holds no whitespace.
    static func looksLikeURL(_ value: String) -> Bool {
        withBytes(of: value) { looksLikeURL($0) }
    }

    static func looksLikeURL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count, index < 6, (bytes[index] | 0x20) &- UInt8(ascii: "a") < 26 { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
              bytes[index + 2] == UInt8(ascii: "/")
        else { return false }
        let scheme = String(decoding: bytes[0..<index], as: UTF8.self).lowercased()
        guard ["http", "https", "ws", "wss"].contains(scheme) else { return false }
        return !bytes.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }
    }

}
