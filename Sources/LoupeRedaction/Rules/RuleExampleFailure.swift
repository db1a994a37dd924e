/// One example or counterexample of a rule that did not behave as its rule file promises.
public struct RuleExampleFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// An example in which the rule found no validated match, so its secret would survive.
        case exampleNotRedacted
        /// A counterexample in which the rule found a validated match, so it would be altered.
        case counterexampleChanged
        /// Matching itself failed (e.g. a PCRE2 resource limit) on this text.
        case matchFailed(PCRE2Error)
    }

    public var ruleID: String
    public var origin: RedactionRule.Origin
    public var kind: Kind
    /// The offending example text, quoted in the message: examples are written to be shown.
    public var text: String

    public init(ruleID: String, origin: RedactionRule.Origin, kind: Kind, text: String) {
        self.ruleID = ruleID
        self.origin = origin
        self.kind = kind
        self.text = text
    }

    /// `rule <id> (<file:line>): example not redacted: <text>` and the like, on one line: line
    /// breaks, tabs and other control characters in the text are shown escaped (`\n`).
    public var description: String {
        let what = switch kind {
        case .exampleNotRedacted: "example not redacted"
        case .counterexampleChanged: "counterexample changed"
        case .matchFailed(let error): "matching failed (\(error))"
        }
        return "rule \(ruleID) (\(origin)): \(what): \(Self.escapingControlCharacters(text))"
    }

    /// `text` with control characters written as Swift-style escapes, so a multi-line example
    /// (a PEM block) stays on its failure's line.
    static func escapingControlCharacters(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
