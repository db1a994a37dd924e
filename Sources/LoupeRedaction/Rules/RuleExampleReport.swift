/// The outcome of running every rule's examples and counterexamples (`loupe rules test`).
public struct RuleExampleReport: Sendable {
    public var ruleCount: Int
    public var exampleCount: Int
    public var counterexampleCount: Int
    /// Every failure, in rule order, examples before counterexamples.
    public var failures: [RuleExampleFailure]

    public init(ruleCount: Int = 0, exampleCount: Int = 0, counterexampleCount: Int = 0, failures: [RuleExampleFailure] = []) {
        self.ruleCount = ruleCount
        self.exampleCount = exampleCount
        self.counterexampleCount = counterexampleCount
        self.failures = failures
    }

    /// Whether every example was redacted and every counterexample left alone.
    public var passed: Bool { failures.isEmpty }

    /// `N rules, M examples, K counterexamples: all passed` or `…: F failures`.
    public var summary: String {
        let outcome = switch failures.count {
        case 0: "all passed"
        case 1: "1 failure"
        default: "\(failures.count) failures"
        }
        return "\(Self.count(ruleCount, "rule")), \(Self.count(exampleCount, "example")), "
            + "\(Self.count(counterexampleCount, "counterexample")): \(outcome)"
    }

    private static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
