import Logging
import LoupeCore

/// Removes secrets from events before they are stored: structural redaction by name first
/// (sensitive headers, cookies, query parameters, JSON keys, form fields, URL passwords), then
/// every pattern rule of a ``RuleSet`` over every remaining string.
///
/// Replacements are placeholders that no rule matches again, so redacting twice changes nothing
/// and counts nothing (``EventRedactor`` requires it). Hits are counted per rule id; structural
/// hits use the ids of ``StructuralRuleID``. A value a rule cannot finish scanning (PCRE2 match
/// limits) is replaced whole by `[REDACTED:unscannable]`: leak-proof by default.
///
/// ```swift
/// let redactor = Redactor(ruleSet: .builtIn)
/// var counts: [String: Int] = [:]
/// redactor.redactText("mail ann@example.com", counts: &counts)   // "mail [REDACTED:email]"
/// let logger = NetworkLogger(configuration: .redacting())          // the default wiring
/// ```
public struct Redactor: EventRedactor {
    /// The rules this redactor applies.
    public let ruleSet: RuleSet
    /// The style that replaces every rule's own ``RedactionRule/replacement``; nil keeps each
    /// rule's style (structural hits then use `label`).
    public let style: RedactionRule.ReplacementStyle?

    let engine: PatternEngine
    let hashKey: RedactionHashKey
    let logger: Logger
    /// Whether every cookie of a `Cookie` (request) or `Set-Cookie` (response) header is
    /// sensitive: `*` in the cookie list, or the header itself listed as sensitive.
    let redactsAllRequestCookies: Bool
    let redactsAllResponseCookies: Bool
    /// The rule id that counts the credentials of each `Authorization` scheme: a pattern rule
    /// named after the scheme (`bearer`, or `bearer-token` as the first rule whose id starts
    /// with `bearer-`), so a bearer token counts alike in a header and in a text body.
    let authorizationSchemeIDs: [String: String]
    /// ``PatternEngine/mentionsKeyword(_:)`` of common lower-case header names, worked out once:
    /// every header of every exchange asks it.
    let commonHeaderMentionsKeyword: [String: Bool]
    /// `[REDACTED:id]` of each pattern rule, indexed like ``ruleSet``'s rules: built once, as a
    /// large text writes thousands of them.
    let labelPlaceholders: [String]
    /// Header lines and URLs in which this redactor found nothing to redact
    /// (``unlessKnownClean(_:_:_:counts:_:)``).
    let knownCleanTexts = CleanTextCache()

    /// A redactor for `ruleSet`.
    ///
    /// - Parameters:
    ///   - style: Overrides the replacement style of every rule and of structural hits.
    ///   - hashKey: The key of the `hash` style; by default `LOUPE_HASH_KEY` or a per-process key.
    ///   - logger: Receives a warning (never the value) when a value is unscannable.
    public init(ruleSet: RuleSet, style: RedactionRule.ReplacementStyle? = nil,
                hashKey: RedactionHashKey = .fromEnvironment(), logger: Logger = Logger(label: "loupe.redactor")) {
        self.ruleSet = ruleSet
        self.style = style
        self.engine = PatternEngine.engine(for: ruleSet.rules)
        self.hashKey = hashKey
        self.logger = logger
        let structural = ruleSet.structural
        redactsAllRequestCookies = structural.cookieNames.contains("*") || structural.headerNames.contains("cookie")
        redactsAllResponseCookies = structural.cookieNames.contains("*") || structural.headerNames.contains("set-cookie")
        var schemeIDs: [String: String] = [:]
        for rule in ruleSet.rules {
            if let prefix = rule.id.split(separator: "-").first, schemeIDs[String(prefix)] == nil {
                schemeIDs[String(prefix)] = rule.id
            }
        }
        for rule in ruleSet.rules { schemeIDs[rule.id] = rule.id }
        authorizationSchemeIDs = schemeIDs
        let engine = self.engine
        labelPlaceholders = ruleSet.rules.map { "[REDACTED:\($0.id)]" }
        commonHeaderMentionsKeyword = Dictionary(uniqueKeysWithValues: Self.commonHeaderNames.map { name in
            (name, Self.withBytes(of: name + ": ") { engine.mentionsKeyword($0) })
        })
    }

    var structural: StructuralRules { ruleSet.structural }

    // MARK: EventRedactor

    /// Redacts the request (URL, headers, body), the response (reason, headers, body), every
    /// server-sent event and WebSocket message, the error message and the request id, adding the hits to
    /// ``NetworkEvent/redactions``.
    public func redact(_ event: inout NetworkEvent) {
        var counts: [String: Int] = [:]
        redactRequest(&event.request, counts: &counts)
        if var response = event.response {
            event.response = nil  // so the copy below is uniquely referenced and edited in place
            redactResponse(&response, counts: &counts)
            event.response = response
        }
        for index in event.sseEvents.indices {
            redactSSEEvent(&event.sseEvents[index], counts: &counts)
        }
        if var webSocket = event.webSocket {
            event.webSocket = nil  // uniquely referenced while edited, as the response above
            redactWebSocket(&webSocket, counts: &counts)
            event.webSocket = webSocket
        }
        if let message = event.grpc?.statusMessage, let redacted = redactedText(message, counts: &counts) {
            event.grpc?.statusMessage = redacted
        }
        if let message = event.error?.message, let redacted = redactedText(message, counts: &counts) {
            event.error?.message = redacted
        }
        if let requestID = event.requestID, let redacted = redactedText(requestID, counts: &counts) {
            event.requestID = redacted
        }
        for (rule, hits) in counts where hits > 0 {
            event.redactions[rule, default: 0] += hits
        }
    }

    /// Redacts one server-sent event: its `data` as JSON when it is JSON and as text otherwise,
    /// and its type and id as text.
    public func redact(_ sseEvent: inout SSEEvent) -> [String: Int] {
        var counts: [String: Int] = [:]
        redactSSEEvent(&sseEvent, counts: &counts)
        return counts
    }

    /// Redacts one WebSocket message: its text like an SSE `data` field (structurally when it is
    /// JSON, by the pattern rules otherwise). A binary message has no text to redact.
    public func redact(_ message: inout WebSocketMessage) -> [String: Int] {
        var counts: [String: Int] = [:]
        redactWebSocketMessage(&message, counts: &counts)
        return counts
    }

    func redactWebSocketMessage(_ message: inout WebSocketMessage, counts: inout [String: Int]) {
        if let text = message.text, let redacted = redactedSSEData(text, counts: &counts) { message.text = redacted }
    }

    private func redactWebSocket(_ webSocket: inout WebSocketLog, counts: inout [String: Int]) {
        for index in webSocket.messages.indices {
            redactWebSocketMessage(&webSocket.messages[index], counts: &counts)
        }
        if let reason = webSocket.close?.reason, let redacted = redactedText(reason, counts: &counts) {
            webSocket.close?.reason = redacted
        }
        if let error = webSocket.framingError, let redacted = redactedText(error, counts: &counts) {
            webSocket.framingError = redacted
        }
    }

    func redactRequest(_ request: inout CapturedRequest, counts: inout [String: Int]) {
        if let url = redactedURL(request.url, counts: &counts) { request.url = url }
        redactHeaders(&request.headers, counts: &counts)
        redactBody(&request.body, counts: &counts)
    }

    func redactResponse(_ response: inout CapturedResponse, counts: inout [String: Int]) {
        if let reason = redactedText(response.reason, counts: &counts) { response.reason = reason }
        redactHeaders(&response.headers, counts: &counts)
        if response.trailers != nil { redactHeaders(&response.trailers!, counts: &counts) }
        redactBody(&response.body, counts: &counts)
    }

    /// Redacts an optional body in place; taking it out first keeps its text uniquely referenced.
    private func redactBody(_ body: inout CapturedBody?, counts: inout [String: Int]) {
        guard var taken = body else { return }
        body = nil
        redactBody(&taken, counts: &counts)
        body = taken
    }

    func redactSSEEvent(_ sseEvent: inout SSEEvent, counts: inout [String: Int]) {
        if let data = redactedSSEData(sseEvent.data, counts: &counts) { sseEvent.data = data }
        if let type = redactedText(sseEvent.type, counts: &counts) { sseEvent.type = type }
        if let id = sseEvent.id, let redacted = redactedText(id, counts: &counts) { sseEvent.id = redacted }
    }

    // MARK: Text

    /// `text` with every pattern rule's secrets replaced (no structural rules: plain text has no
    /// names). Returns `text` itself when nothing was found.
    public func redactText(_ text: String, counts: inout [String: Int]) -> String {
        redactedText(text, counts: &counts) ?? text
    }

    /// ``redactText(_:counts:)`` over the bytes of an ASCII text, for callers streaming large
    /// inputs that would otherwise build two strings per block: the redacted bytes, or nil when
    /// nothing was found. The result is the UTF-8 of what the `String` variant returns; for other
    /// input (which the `String` variant first repairs as UTF-8) use that variant.
    public func redactedASCIIText(_ bytes: UnsafeRawBufferPointer, counts: inout [String: Int]) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        return redactPatterns(bytes, options: ScanOptions(encoding: .plain, context: nil), counts: &counts)
    }

    /// The redacted text, or nil when nothing was found. A `context` (e.g. `X-Phone: ` before a
    /// header value) is shown to the rules but never changed.
    func redactedText(_ text: String, context: ScanContext? = nil, counts: inout [String: Int]) -> String? {
        guard !text.isEmpty else { return nil }
        return Self.withBytes(of: text) { bytes in
            redactPatterns(bytes, options: ScanOptions(encoding: .plain, context: context), counts: &counts)
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// How many times the pattern pass may run over one value: see ``redactPatterns(_:decoded:sourceOffsets:options:counts:)``.
    static let maximumPatternPasses = 4

    /// The pattern pass over one value, repeated over its own output until it finds nothing new
    /// (at most ``maximumPatternPasses`` times).
    ///
    /// Repeating makes redaction idempotent even when a replacement changes what a rule sees:
    /// in `+44 20 7946 0958ann@example.com` the email swallows the last digits, and only the
    /// redacted `+44 20 7946 [REDACTED:email]` lets the phone rule match. Only values where the
    /// first pass found something are scanned again, and in a large plain text only the lines
    /// around the new placeholders.
    ///
    /// The first pass may use a decoding the caller already made (`decoded`, with
    /// `sourceOffsets[i]` the offset in `source` where decoded byte `i` starts, plus one final
    /// element); later passes decode the new text as `options.decoding` says.
    ///
    /// - Returns: The rewritten source, or nil when nothing was found.
    func redactPatterns(_ source: UnsafeRawBufferPointer, decoded: UnsafeRawBufferPointer? = nil,
                        sourceOffsets: UnsafeBufferPointer<Int>? = nil, options: ScanOptions,
                        counts: inout [String: Int]) -> [UInt8]? {
        var inserted: [Range<Int>] = []
        let first = decoded == nil
            ? rewrite(source, options: options, inserted: &inserted, counts: &counts)
            : rewrite(source, decoded: decoded, sourceOffsets: sourceOffsets, options: options,
                      inserted: &inserted, counts: &counts)
        guard var current = first else { return nil }
        for _ in 1..<Self.maximumPatternPasses {
            let next: [UInt8]? = current.withUnsafeBytes { bytes in
                var regions: [Range<Int>]?
                if options.decoding == .none, options.context == nil, bytes.count > PatternEngine.largeText {
                    regions = Self.lines(around: inserted, in: bytes)
                }
                inserted.removeAll()
                return rewrite(bytes, options: options, regions: regions, inserted: &inserted, counts: &counts)
            }
            guard let next else { break }
            current = next
        }
        return current
    }

    /// The lines containing `ranges` (ascending), merged; a line is cut 4 KB from its range.
    static func lines(around ranges: [Range<Int>], in text: UnsafeRawBufferPointer) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        for range in ranges {
            let newline = UInt8(ascii: "\n")
            let lowest = max(0, range.lowerBound - 4096), highest = min(text.count, range.upperBound + 4096)
            let lower = ByteSearch.lastIndex(of: newline, in: text, lowest..<range.lowerBound).map { $0 + 1 } ?? lowest
            let upper = ByteSearch.firstIndex(of: newline, in: text, range.upperBound..<highest) ?? highest
            if let last = lines.last, last.upperBound >= lower {
                lines[lines.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                lines.append(lower..<upper)
            }
        }
        return lines
    }

    /// One pattern pass over `source`, decoded as `options.decoding` says for matching.
    func rewrite(_ source: UnsafeRawBufferPointer, options: ScanOptions, regions: [Range<Int>]? = nil,
                 inserted: inout [Range<Int>], counts: inout [String: Int]) -> [UInt8]? {
        switch options.decoding {
        case .none:
            return rewrite(source, options: options, regions: regions, inserted: &inserted, counts: &counts, decodedAs: ())
        case .percent:
            guard let decoded = PercentDecodedText(decoding: source) else {
                return rewrite(source, options: options, regions: regions, inserted: &inserted, counts: &counts, decodedAs: ())
            }
            return decoded.bytes.withUnsafeBytes { bytes in
                decoded.sourceOffsets.withUnsafeBufferPointer { offsets in
                    rewrite(source, decoded: bytes, sourceOffsets: offsets, options: options, regions: regions,
                            inserted: &inserted, counts: &counts)
                }
            }
        case .json:
            guard source.contains(UInt8(ascii: "\\")) else {
                return rewrite(source, options: options, regions: regions, inserted: &inserted, counts: &counts, decodedAs: ())
            }
            var bytes: [UInt8] = [], offsets: [Int] = []
            JSONStringCoding.decode(source, into: &bytes, offsets: &offsets)
            return bytes.withUnsafeBytes { decodedBytes in
                offsets.withUnsafeBufferPointer { offsets in
                    rewrite(source, decoded: decodedBytes, sourceOffsets: offsets, options: options, regions: regions,
                            inserted: &inserted, counts: &counts)
                }
            }
        }
    }

    /// One pattern pass over `source` matched as it is (it is its own decoding).
    private func rewrite(_ source: UnsafeRawBufferPointer, options: ScanOptions, regions: [Range<Int>]?,
                         inserted: inout [Range<Int>], counts: inout [String: Int], decodedAs: Void) -> [UInt8]? {
        rewrite(source, decoded: nil, sourceOffsets: nil, options: options, regions: regions, inserted: &inserted,
                counts: &counts)
    }

    /// One pattern pass: finds the secrets in `decoded` (or `source` when nil) and replaces them
    /// in `source`, appending the output ranges of the placeholders written to `inserted`. With
    /// `regions`, only those byte ranges of the matched text are scanned. With
    /// `options.plusAsSpace`, a second reading with `+` as a space is scanned too.
    func rewrite(_ source: UnsafeRawBufferPointer, decoded: UnsafeRawBufferPointer?,
                 sourceOffsets: UnsafeBufferPointer<Int>?, options: ScanOptions, regions: [Range<Int>]? = nil,
                 inserted: inout [Range<Int>], counts: inout [String: Int]) -> [UInt8]? {
        let matched = decoded ?? source
        var spans: [PatternEngine.Span]
        do throws(PatternEngine.Unscannable) {
            spans = try findSpans(in: matched, regions: regions, context: options.context)
            if options.plusAsSpace, matched.contains(UInt8(ascii: "+")) {
                var spaced = Array(matched)
                for index in spaced.indices where spaced[index] == UInt8(ascii: "+") { spaced[index] = UInt8(ascii: " ") }
                let more = try findSpans(in: spaced, regions: regions, context: options.context)
                if !more.isEmpty { spans = PatternEngine.merged(Array(Set(spans + more))) }
            }
            if options.decoding == .none, decoded == nil {
                // A plain text's other readings (word breaks, percent-encoded lines).
                spans = try EncodedReadings.merging(spans, in: matched, regions: regions) { bytes, regions, isWholeText throws(PatternEngine.Unscannable) in
                    try findSpans(in: bytes, regions: regions, context: isWholeText ? options.context : nil)
                }
            }
        } catch {
            return unscannableReplacement(for: error, length: source.count, encoding: options.encoding, counts: &counts)
        }
        guard !spans.isEmpty else { return nil }

        let rules = engine.rules
        // Hits are counted per rule index and added to `counts` once per rule at the end, not
        // hashed into it for each hit.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: rules.count) { hits in
            hits.initialize(repeating: 0)
            var output: [UInt8] = []
            output.reserveCapacity(source.count + 16 * spans.count)
            var cursor = 0
            var replaced = false
            for span in spans {
                let lower = sourceOffsets?[span.range.lowerBound] ?? span.range.lowerBound
                let upper = sourceOffsets?[span.range.upperBound] ?? span.range.upperBound
                guard lower >= cursor else { continue }  // cannot happen for merged spans; never write backwards
                let secret = UnsafeRawBufferPointer(rebasing: matched[span.range])
                let text = placeholder(rule: span.rule, secret: secret)
                // A match that is its own replacement (a short secret masked as `****` and matched
                // again) is no change; counting it would break idempotence.
                if text.utf8.elementsEqual(secret) { continue }
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[cursor..<lower]))
                let start = output.count
                append(text, encoding: options.encoding, to: &output)
                inserted.append(start..<output.count)
                hits[span.rule] += 1
                cursor = upper
                replaced = true
            }
            guard replaced else { return nil }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[cursor...]))
            for rule in hits.indices where hits[rule] > 0 { counts[rules[rule].id, default: 0] += hits[rule] }
            return output
        }
    }

    /// ``findSpans(in:regions:context:)`` over a copy of the matched text.
    private func findSpans(in bytes: [UInt8], regions: [Range<Int>]?, context: ScanContext?) throws(PatternEngine.Unscannable) -> [PatternEngine.Span] {
        try bytes.withUnsafeBytes { bytes in
            Result { () throws(PatternEngine.Unscannable) in try findSpans(in: bytes, regions: regions, context: context) }
        }.get()
    }

    /// The placeholder for a secret found by pattern rule `rule` (an index into the engine's
    /// rules): the prepared label, or as ``placeholder(id:style:secret:)`` builds it.
    private func placeholder(rule: Int, secret: UnsafeRawBufferPointer) -> String {
        let style = style ?? engine.rules[rule].replacement
        return style == .label ? labelPlaceholders[rule] : placeholder(id: engine.rules[rule].id, style: style, secret: secret)
    }

    /// The engine's spans in `matched`; with a context, the rules see `prefix + matched + suffix`
    /// and only what they find inside `matched` (clipped to it) counts.
    private func findSpans(in matched: UnsafeRawBufferPointer, regions: [Range<Int>]?, context: ScanContext?)
        throws(PatternEngine.Unscannable) -> [PatternEngine.Span]
    {
        guard let context else { return try engine.spans(in: matched, regions: regions) }
        var buffer = context.prefix
        buffer.append(contentsOf: matched)
        buffer.append(contentsOf: context.suffix)
        let found = try buffer.withUnsafeBytes { bytes in
            Result { () throws(PatternEngine.Unscannable) in try engine.spans(in: bytes) }
        }.get()
        let lower = context.prefix.count, upper = lower + matched.count
        return found.compactMap { span in
            let clipped = span.range.clamped(to: lower..<upper)
            guard !clipped.isEmpty else { return nil }
            return PatternEngine.Span(range: (clipped.lowerBound - lower)..<(clipped.upperBound - lower), rule: span.rule)
        }
    }

    /// `[REDACTED:unscannable]` for a whole value, counted and logged without the value.
    func unscannableReplacement(for failure: PatternEngine.Unscannable, length: Int, encoding: PlaceholderEncoding,
                                counts: inout [String: Int]) -> [UInt8] {
        let id = StructuralRuleID.unscannable.rawValue
        logger.warning("Replaced a whole value because a rule could not finish scanning it.", metadata: [
            "rule": "\(failure.ruleID)", "value.bytes": "\(length)", "pcre2": "\(failure.error.message)",
        ])
        counts[id, default: 0] += 1
        var output: [UInt8] = []
        appendPlaceholder(id: id, style: .label, secret: UnsafeRawBufferPointer(start: nil, count: 0),
                          encoding: encoding, to: &output)
        return output
    }

    /// Runs `body` over the UTF-8 bytes of `text` without copying a native string.
    static func withBytes<Result>(of text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
