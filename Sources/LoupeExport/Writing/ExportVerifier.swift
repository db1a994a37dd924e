import LoupeCore
import LoupeRedaction

/// The verification pass: before an event (or any other string) is written, it is scanned once
/// more with the full rule set, structural and pattern rules alike, and whatever is still found
/// is redacted on the spot and counted as a late redaction.
///
/// A clean log costs one scan and counts nothing, because redaction is idempotent; a hit means
/// the capture-time redactor missed something (another rule set, a bug, an imported file).
///
/// Header values repeat across a log (`Host`, `Accept`, `Content-Type` …), so each distinct
/// short ASCII name and value pair is scanned once: later occurrences reuse the result (redaction
/// is a pure function of the rules, the name and the value) and count its redactions again, so
/// every occurrence is written and counted exactly as if it had been scanned.
struct ExportVerifier {
    let redactor: Redactor
    private(set) var lateRedactions: [String: Int] = [:]
    private var verifiedHeaders: [HTTPHeader: (value: String, counts: [String: Int])] = [:]

    /// Header pairs longer than this are always scanned, and at most ``headerCacheEntries`` are
    /// remembered: the cache stays under a few MiB however varied the log.
    static let headerCacheMaxLength = 256
    static let headerCacheEntries = 4096

    init(ruleSet: RuleSet) {
        redactor = Redactor(ruleSet: ruleSet)
    }

    /// Redacts what the rules still find in `event` and counts it, also in `event.redactions`.
    mutating func verify(_ event: inout NetworkEvent) {
        let before = event.redactions
        // The headers are verified here (through the cache), the rest of the event by the redactor.
        var counts: [String: Int] = [:]
        var requestHeaders = event.request.headers
        event.request.headers = []
        verify(&requestHeaders, counts: &counts)
        var responseHeaders = event.response?.headers ?? []
        event.response?.headers = []
        verify(&responseHeaders, counts: &counts)
        redactor.redact(&event)
        event.request.headers = requestHeaders
        event.response?.headers = responseHeaders
        for (rule, count) in counts { event.redactions[rule, default: 0] += count }

        guard event.redactions != before else { return }
        for (rule, count) in event.redactions {
            let late = count - before[rule, default: 0]
            if late > 0 { lateRedactions[rule, default: 0] += late }
        }
    }

    /// `text` with whatever the pattern rules find redacted and counted.
    mutating func verify(text: String) -> String {
        redactor.redactText(text, counts: &lateRedactions)
    }

    var lateRedactionCount: Int { lateRedactions.values.reduce(0, +) }

    private mutating func verify(_ headers: inout [HTTPHeader], counts: inout [String: Int]) {
        for index in headers.indices {
            let header = headers[index]
            // ASCII only: String equality is canonical equivalence (\u{212A} == "K"), and two
            // different byte strings must never share a result.
            let isCacheable = header.name.utf8.count + header.value.utf8.count <= Self.headerCacheMaxLength
                && header.name.utf8.allSatisfy { $0 < 0x80 } && header.value.utf8.allSatisfy { $0 < 0x80 }
            if isCacheable, let known = verifiedHeaders[header] {
                headers[index].value = known.value
                for (rule, count) in known.counts { counts[rule, default: 0] += count }
                continue
            }
            var found: [String: Int] = [:]
            let value = redactor.redactHeaderValue(name: header.name, value: header.value, counts: &found)
            headers[index].value = value
            for (rule, count) in found { counts[rule, default: 0] += count }
            if isCacheable, verifiedHeaders.count < Self.headerCacheEntries {
                verifiedHeaders[header] = (value, found)
            }
        }
    }
}
