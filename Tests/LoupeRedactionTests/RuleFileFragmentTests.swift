import Testing
@testable import LoupeRedaction

/// `[fragments]`: pieces of pattern written once and used by name, `{{name}}`, in the patterns of
/// the same and later rule files.
@Suite struct RuleFileFragmentTests {
    @Test func aPatternUsesAFragmentOfItsOwnFile() throws {
        let file = try RuleFileFixtures.parse("""
            [fragments]
            separator = '''[ \\t]*[:=][ \\t]*'''

            \(RuleFileFixtures.ruleTable(id: "acme-key", pattern: "acme_key{{separator}}([0-9]{6})"))
            """)
        #expect(file.fragments == ["separator": #"[ \t]*[:=][ \t]*"#])
        #expect(file.rules[0].pattern == #"acme_key[ \t]*[:=][ \t]*([0-9]{6})"#)
        #expect(try file.rules[0].regex.firstMatch(in: "acme_key = 123456") != nil)
    }

    @Test func aLaterFileUsesTheFragmentsOfAnEarlierOne() throws {
        let directory = try TemporaryRuleDirectory([
            "00-fragments.toml": "[fragments]\nseparator = '''\\s*=\\s*'''\n",
            "10-rules.toml": RuleFileFixtures.ruleTable(id: "acme-key", pattern: "acme{{separator}}[0-9]+"),
        ])
        defer { directory.remove() }
        let ruleSet = try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
        #expect(ruleSet.rule(id: "acme-key")?.pattern == #"acme\s*=\s*[0-9]+"#)
    }

    @Test func anUnknownFragmentIsNamedWithItsLine() throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "acme-key", pattern: "acme{{separatr}}[0-9]+")))
        #expect(error.line == 4)
        #expect(error.reason.contains("{{separatr}}"))
        #expect(error.reason.contains("no fragments are defined"))
    }

    @Test func bracesThatNameNoFragmentAreLiteral() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(id: "jinja-token", pattern: #"\{\{ token \}\}|{{ x }}"#))
        #expect(rule.pattern == #"\{\{ token \}\}|{{ x }}"#)
    }

    @Test func aFragmentNeedsAKebabCaseNameAndAString() throws {
        let badName = try #require(RuleFileFixtures.error("[fragments]\nSeparator = '''='''\n"))
        #expect(badName.line == 2)
        #expect(badName.reason.contains("lower-kebab-case"))
        let notString = try #require(RuleFileFixtures.error("[fragments]\nseparator = 3\n"))
        #expect(notString.reason.contains("non-empty string"))
        let notTable = try #require(RuleFileFixtures.error("fragments = 3\n"))
        #expect(notTable.reason.contains("must be a table"))
    }

    @Test func theBuiltInRulesShareTheirSeparatorsThroughFragments() {
        let sharing = RuleSet.builtIn.rules.filter { rule in
            rule.pattern.contains(#"serializeAs="[A-Za-z]*+"\s*+>\s*+<value>"#)
        }
        // 210 rules read the shared separators; none holds an unexpanded reference.
        #expect(sharing.count >= 200)
        #expect(RuleSet.builtIn.rules.allSatisfy { !$0.pattern.contains("{{name-value-separator}}") })
    }
}
