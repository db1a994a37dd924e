import LoupeCore
import LoupeRedaction

/// The verification pass: before an event (or any other string) is written, it is scanned once
/// more with the full rule set, structural and pattern rules alike, and whatever is still found
/// is redacted on the spot and counted as a late redaction.
///
/// A clean log costs one scan and counts nothing, because redaction is idempotent; a hit means
/// the capture-time redactor missed something (another rule set, a bug, an imported file).
struct ExportVerifier {
    let redactor: Redactor
    private(set) var lateRedactions: [String: Int] = [:]

    init(ruleSet: RuleSet) {
        redactor = Redactor(ruleSet: ruleSet)
    }

    /// Redacts what the rules still find in `event` and counts it, also in `event.redactions`.
    mutating func verify(_ event: inout NetworkEvent) {
        let before = event.redactions
        redactor.redact(&event)
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
}
