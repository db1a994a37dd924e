import Testing
@testable import LoupeRedaction

/// `loupe rules test` in library form: the default rule set passes its own examples, and
/// failures are reported with the rule, its origin and the offending text.
@Suite struct RuleExamplesTests {
    @Test func theBuiltInRulesRedactEveryExampleAndSpareEveryCounterexample() {
        let report = RuleSet.builtIn.checkExamples()
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description).joined(separator: "\n"))")
        #expect(report.ruleCount == RuleSet.builtIn.rules.count)
    }

    @Test func everyBuiltInRuleHasAtLeastThreeExamplesAndTwoCounterexamples() {
        for rule in RuleSet.builtIn.rules {
            #expect(rule.examples.count >= 3, "rule \(rule.id) (\(rule.origin)) needs at least 3 examples")
            #expect(rule.counterexamples.count >= 2, "rule \(rule.id) (\(rule.origin)) needs at least 2 counterexamples")
        }
    }

    @Test func reportsAnExampleThatIsNotRedactedAndACounterexampleThatChanges() throws {
        let file = try RuleFileFixtures.parse("""
            [[rule]]
            id = "card"
            category = "financial"
            pattern = '''\\b\\d(?:[ -]?\\d){11,18}\\b'''
            validate = "luhn"
            examples = ["pay 4111 1111 1111 1111", "bad 4111 1111 1111 1112"]
            counterexamples = ["order 123", "oops 5500 0000 0000 0004"]
            """, path: "rules/cards.toml")
        let ruleSet = RuleSet.merging([file], sha256: "", id: "test")
        let report = ruleSet.checkExamples()
        #expect(report.ruleCount == 1 && report.exampleCount == 2 && report.counterexampleCount == 2)
        #expect(report.failures.map(\.description) == [
            "rule card (rules/cards.toml:1): example not redacted: bad 4111 1111 1111 1112",
            "rule card (rules/cards.toml:1): counterexample changed: oops 5500 0000 0000 0004",
        ])
        #expect(report.summary == "1 rule, 2 examples, 2 counterexamples: 2 failures")
        #expect(!report.passed)
    }

    @Test func aPassingSetSaysAllPassed() throws {
        let file = try RuleFileFixtures.parse(RuleFileFixtures.ruleTable(
            id: "key", extra: #"examples = ["a secret-12 here"]"# + "\n" + #"counterexamples = ["secret-", "none"]"#))
        let report = RuleSet.merging([file], sha256: "", id: "test").checkExamples()
        #expect(report.passed)
        #expect(report.summary == "1 rule, 1 example, 2 counterexamples: all passed")
    }

    @Test func failureTextsStayOnOneLine() {
        let failure = RuleExampleFailure(ruleID: "pem", origin: .init(file: "f.toml", line: 2),
                                         kind: .exampleNotRedacted, text: "-----BEGIN\nKEY\t\u{1}")
        #expect(failure.description == #"rule pem (f.toml:2): example not redacted: -----BEGIN\nKEY\t\u{1}"#)
    }
}
