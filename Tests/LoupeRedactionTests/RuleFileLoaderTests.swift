import Testing
@testable import LoupeRedaction

@Suite struct RuleFileLoaderTests {
    @Test func parsesEveryFieldOfARule() throws {
        let file = try RuleFileFixtures.parse("""
            # Cloud keys
            [[rule]]
            id = "aws-access-key-id"
            description = "AWS access key ID"
            category = "token"
            pattern = '''\\b((?:AKIA|ASIA)[A-Z2-7]{16})\\b'''
            secret_group = 1
            keywords = ["AKIA", "asia"]
            validate = "entropy>=3.5"
            replace = "hash"
            examples = ["key=AKIAIOSFODNN7ABCDEFG"]
            counterexamples = ["AKIA is a prefix", "akia"]
            """, path: "rules/cloud.toml")
        let rule = try #require(file.rules.first)
        #expect(file.path == "rules/cloud.toml")
        #expect(rule.id == "aws-access-key-id")
        #expect(rule.description == "AWS access key ID")
        #expect(rule.category == .token)
        #expect(rule.pattern == #"\b((?:AKIA|ASIA)[A-Z2-7]{16})\b"#)
        #expect(rule.regex.captureGroupCount == 1)
        #expect(rule.secretGroup == 1)
        #expect(rule.keywords == ["akia", "asia"])
        #expect(rule.validation == .entropy(minimum: 3.5))
        #expect(rule.replacement == .hash)
        #expect(rule.examples == ["key=AKIAIOSFODNN7ABCDEFG"])
        #expect(rule.counterexamples == ["AKIA is a prefix", "akia"])
        #expect(rule.origin == RedactionRule.Origin(file: "rules/cloud.toml", line: 2))
    }

    @Test func optionalKeysTakeTheirDefaults() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(id: "plain"))
        #expect(rule.description == "")
        #expect(rule.secretGroup == 0)
        #expect(rule.keywords.isEmpty)
        #expect(rule.validation == .none)
        #expect(rule.replacement == .label)
        #expect(rule.examples.isEmpty && rule.counterexamples.isEmpty)
    }

    @Test func keepsRulesInFileOrderWithTheLineOfEachTable() throws {
        let file = try RuleFileFixtures.parse(
            RuleFileFixtures.ruleTable(id: "first") + RuleFileFixtures.ruleTable(id: "second")
                + RuleFileFixtures.ruleTable(id: "third"))
        #expect(file.rules.map(\.id) == ["first", "second", "third"])
        #expect(file.rules.map(\.origin.line) == [1, 6, 11])
    }

    @Test func parsesStructuralNamesNormalized() throws {
        let file = try RuleFileFixtures.parse("""
            [structural]
            headers = ["X-Api-Key", "Authorization"]
            cookies = ["SESSIONID"]
            query = ["access_token"]
            json_keys = ["accessToken", "refresh-token"]
            form_fields = ["Password"]
            """)
        #expect(file.rules.isEmpty)
        #expect(file.structural.headerNames == ["x-api-key", "authorization"])
        #expect(file.structural.cookieNames == ["sessionid"])
        #expect(file.structural.queryParameters == ["accesstoken"])
        #expect(file.structural.jsonKeys == ["accesstoken", "refreshtoken"])
        #expect(file.structural.formFields == ["password"])
    }

    @Test func anEmptyFileHasNoRules() throws {
        let file = try RuleFileFixtures.parse("# nothing yet\n")
        #expect(file.rules.isEmpty)
        #expect(file.structural == StructuralRules())
    }

    @Test func aMultiLinePatternKeepsItsLinesAndLaterRulesTheirLines() throws {
        let file = try RuleFileFixtures.parse("""
            [[rule]]
            id = "pem"
            category = "credential"
            pattern = '''
            -----BEGIN [A-Z ]*PRIVATE KEY-----
            [[rule]]
            '''

            [[rule]]
            id = "after"
            category = "token"
            pattern = "x"
            """)
        #expect(file.rules.map(\.id) == ["pem", "after"])
        #expect(file.rules.map(\.origin.line) == [1, 9])
        #expect(file.rules[0].pattern == "-----BEGIN [A-Z ]*PRIVATE KEY-----\n[[rule]]\n")
    }

    @Test(arguments: ["a", "aws-access-key-id", "e164-phone", "x2", "2fa-code"])
    func acceptsLowerKebabCaseIDs(_ id: String) {
        #expect(RuleFileLoader.isValidRuleID(id))
    }

    @Test(arguments: ["", "AWS", "aws_key", "-aws", "aws-", "aws--key", "aws key", "é"])
    func rejectsOtherIDs(_ id: String) {
        #expect(!RuleFileLoader.isValidRuleID(id))
    }
}
