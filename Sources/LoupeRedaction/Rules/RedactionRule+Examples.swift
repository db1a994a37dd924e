extension RedactionRule {
    /// Runs this rule alone over its own examples and counterexamples, as `loupe rules test`
    /// does. An example passes when ``validatedMatches(in:checkingKeywords:)`` finds at least one
    /// secret in it (keyword prefilter included, as in the redactor); a counterexample passes
    /// when it finds none.
    public func checkExamples() -> [RuleExampleFailure] {
        var failures: [RuleExampleFailure] = []
        func check(_ text: String, expectingSecret: Bool) {
            do {
                let found = !(try validatedMatches(in: text)).isEmpty
                if found != expectingSecret {
                    failures.append(RuleExampleFailure(ruleID: id, origin: origin,
                                                       kind: expectingSecret ? .exampleNotRedacted : .counterexampleChanged,
                                                       text: text))
                }
            } catch {
                failures.append(RuleExampleFailure(ruleID: id, origin: origin, kind: .matchFailed(error), text: text))
            }
        }
        for example in examples { check(example, expectingSecret: true) }
        for counterexample in counterexamples { check(counterexample, expectingSecret: false) }
        return failures
    }
}

extension RuleSet {
    /// Runs every rule's examples and counterexamples; see ``RedactionRule/checkExamples()``.
    public func checkExamples() -> RuleExampleReport {
        var report = RuleExampleReport(ruleCount: rules.count)
        for rule in rules {
            report.exampleCount += rule.examples.count
            report.counterexampleCount += rule.counterexamples.count
            report.failures += rule.checkExamples()
        }
        return report
    }
}
