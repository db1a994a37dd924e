import ArgumentParser

/// `loupe rules`: inspect and test the redaction rules.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the redaction rules or test them against their own examples.",
        discussion: """
            The built-in rules come from the rules/ folder of the source tree and are compiled \
            into loupe (after editing them, `make rules` embeds them again). Add or override \
            rules by id with --rules DIR (repeatable) or the colon-separated LOUPE_RULES \
            variable; a rule file error reads file:line: reason.

            EXAMPLES:
              loupe rules list
              loupe rules list --json | jq '.rules[].id'
              loupe rules test --rules ./my-rules
            """,
        subcommands: [RulesListCommand.self, RulesTestCommand.self]
    )
}
