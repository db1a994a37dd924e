import ArgumentParser
import Foundation
import LoupeRedaction

/// The rule-selection options shared by every command that redacts or scans:
/// `--rules DIR` (repeatable) and `--no-default-rules`, plus the `LOUPE_RULES` variable.
struct RuleOptions: ParsableArguments {
    @Option(name: .customLong("rules"),
            help: ArgumentHelp("A directory of rule files (*.toml), or one .toml file, that add rules or override built-in ones by id. Repeatable; LOUPE_RULES adds more (colon-separated), and --rules wins over it.",
                               valueName: "dir"),
            completion: .directory)
    var directories: [String] = []

    @Flag(name: .customLong("no-default-rules"), help: "Leave out the built-in rules: use only --rules and LOUPE_RULES.")
    var noDefaultRules = false

    /// Loads the selected rule set, or prints the rule file error (`file:line: reason`) and
    /// throws exit status 2.
    func loadRuleSet() throws -> RuleSet {
        do {
            return try RuleSet.load(directories: directories.map { URL(fileURLWithPath: $0) },
                                    includeDefaults: !noDefaultRules)
        } catch {
            throw Terminal.fail(error.description)
        }
    }
}
