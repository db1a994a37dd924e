import ArgumentParser
import LoupeRedaction

/// `loupe rules test`: runs every rule over its examples and counterexamples.
struct RulesTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check that every rule redacts its examples and leaves its counterexamples alone.",
        discussion: """
            Each rule runs alone (keyword prefilter, pattern, validation) over the examples and \
            counterexamples of its rule file. Exit status: 0 when all pass, 1 on any failure, \
            2 when a rule file cannot be loaded.

            EXAMPLES:
              loupe rules test
              loupe rules test --rules ./my-rules --no-default-rules
            """
    )

    @OptionGroup var ruleOptions: RuleOptions

    func run() throws {
        let ruleSet = try ruleOptions.loadRuleSet()
        let report = ruleSet.checkExamples()
        let color = Terminal.colorEnabled()
        for failure in report.failures {
            print(Terminal.paint("FAIL", .red, enabled: color) + " " + failure.description)
        }
        print(Terminal.paint(report.summary, report.passed ? .green : .red, enabled: color)
            + Terminal.paint(" (rule set \(ruleSet.id))", .dim, enabled: color))
        if !report.passed { throw ExitCode(1) }
    }
}
