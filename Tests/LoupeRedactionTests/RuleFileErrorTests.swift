import Testing
@testable import LoupeRedaction

/// Every way a rule file can be wrong reads `path:line: reason` with the right line.
@Suite struct RuleFileErrorTests {
    @Test func badTOMLSyntaxReportsLineAndColumn() throws {
        let error = try #require(RuleFileFixtures.error("""
            [[rule]]
            id = "a"
            category = "token"
            pattern = 'x'
            keywords = ["a",
            """, path: "rules/x.toml"))
        #expect(error.path == "rules/x.toml")
        #expect(error.line == 5)
        #expect(error.column != nil)
        #expect(error.description.hasPrefix("rules/x.toml:5:"))
        #expect(error.reason.hasPrefix("invalid TOML: "))
    }

    @Test func anUnknownKeyInARuleNamesTheKeyTheLineAndTheAllowedKeys() throws {
        let error = try #require(RuleFileFixtures.error("""
            [[rule]]
            id = "a"
            category = "token"
            patern = "x"
            """, path: "rules/x.toml"))
        #expect(error.description == """
            rules/x.toml:4: unknown key "patern" in [[rule]]; expected one of id, description, category, \
            pattern, secret_group, keywords, validate, replace, examples, counterexamples
            """)
    }

    @Test func anUnknownKeyInTheSecondRulePointsIntoThatRule() throws {
        let error = try #require(RuleFileFixtures.error(
            RuleFileFixtures.ruleTable(id: "one") + RuleFileFixtures.ruleTable(id: "two", extra: "severity = 3")))
        #expect(error.line == 10)
        #expect(error.reason.hasPrefix(#"unknown key "severity" in [[rule]]"#))
    }

    @Test func aBadPatternQuotesPCRE2sMessageAndThePatternLine() throws {
        let error = try #require(RuleFileFixtures.error("""
            [[rule]]
            id = "aws-key"
            category = "token"

            pattern = '''(AKIA[A-Z]{16}'''
            """, path: "rules/x.toml"))
        #expect(error.description
            == #"rules/x.toml:5: bad pattern for rule "aws-key": missing closing parenthesis at offset 14 (PCRE2)"#)
    }

    @Test func anOutOfRangeSecretGroupSaysHowManyGroupsThereAre() throws {
        let error = try #require(RuleFileFixtures.error(
            RuleFileFixtures.ruleTable(id: "a", pattern: "key=(\\w+)", extra: "secret_group = 2")))
        #expect(error.line == 5)
        #expect(error.reason == #"secret_group 2 of rule "a" is out of range: the pattern has 1 capture group (0 means the whole match)"#)
    }

    @Test func aNegativeSecretGroupIsOutOfRange() throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: "secret_group = -1")))
        #expect(error.reason.contains("out of range"))
    }

    @Test func aSecretGroupOfTheWrongTypeNamesBothTypes() throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: #"secret_group = "1""#)))
        #expect(error.line == 5)
        #expect(error.reason == #""secret_group" of rule "a" must be an integer, but is a string"#)
    }

    @Test(arguments: ["entropy>3.5", "entropy>=", "entropy>=9", "entropy>=0", "LUHN", "crc32"])
    func anUnknownValidationIsRejected(_ value: String) throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: "validate = \"\(value)\"")))
        #expect(error.line == 5)
        #expect(error.reason.hasPrefix("unknown validate value \"\(value)\" for rule \"a\"; expected none, luhn, iban, jwt or entropy>=N"))
    }

    @Test func anUnknownReplacementListsTheStyles() throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: #"replace = "blur""#)))
        #expect(error.reason == #"unknown replace value "blur" for rule "a"; expected one of label, mask, hash"#)
    }

    @Test func anUnknownCategoryListsTheCategories() throws {
        let error = try #require(RuleFileFixtures.error("""
            [[rule]]
            id = "a"
            category = "secret"
            pattern = "x"
            """))
        #expect(error.line == 3)
        #expect(error.reason == #"unknown category "secret" for rule "a"; expected one of token, credential, pii, financial"#)
    }

    @Test func anIDThatIsNotKebabCaseIsRejectedAtItsLine() throws {
        let error = try #require(RuleFileFixtures.error("# header\n" + RuleFileFixtures.ruleTable(id: "AWS_Key")))
        #expect(error.line == 3)
        #expect(error.reason.hasPrefix(#"rule id "AWS_Key" must be lower-kebab-case"#))
    }

    @Test func aDuplicateIDInOneFilePointsAtTheSecondAndTheFirst() throws {
        let error = try #require(RuleFileFixtures.error(
            RuleFileFixtures.ruleTable(id: "dup") + RuleFileFixtures.ruleTable(id: "dup")))
        #expect(error.line == 6)
        #expect(error.reason == #"duplicate rule id "dup" (first defined at line 1)"#)
    }

    @Test func aMissingRequiredKeyIsNamed() throws {
        let noID = try #require(RuleFileFixtures.error("[[rule]]\ncategory = \"token\"\npattern = \"x\"\n"))
        #expect(noID.line == 1)
        #expect(noID.reason == #"rule #1 has no "id"; every rule needs id, category and pattern"#)
        let noPattern = try #require(RuleFileFixtures.error("[[rule]]\nid = \"a\"\ncategory = \"token\"\n"))
        #expect(noPattern.reason == #"rule "a" has no "pattern"; every rule needs id, category and pattern"#)
    }

    @Test func anUnknownTopLevelKeyOrTableIsRejectedAtItsLine() throws {
        let key = try #require(RuleFileFixtures.error("version = 2\n" + RuleFileFixtures.ruleTable(id: "a")))
        #expect(key.line == 1)
        #expect(key.reason.hasPrefix(#"unknown top-level key "version""#))
        let table = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a") + "[[rules]]\nid = \"b\"\n"))
        #expect(table.line == 6)
        #expect(table.reason.hasPrefix(#"unknown top-level key "rules""#))
    }

    @Test func aSingleRuleTableInsteadOfAnArrayIsExplained() throws {
        let error = try #require(RuleFileFixtures.error("[rule]\nid = \"a\"\ncategory = \"token\"\npattern = \"x\"\n"))
        #expect(error.line == 1)
        #expect(error.reason.contains("[[rule]]"))
    }

    @Test func structuralTablesAreCheckedToo() throws {
        let unknown = try #require(RuleFileFixtures.error("[structural]\nheaders = [\"a\"]\nheader = [\"b\"]\n"))
        #expect(unknown.line == 3)
        #expect(unknown.reason.hasPrefix(#"unknown key "header" in [structural]; expected one of headers, cookies, query, json_keys, form_fields"#))
        let notArray = try #require(RuleFileFixtures.error("[structural]\n\ncookies = \"sid\"\n"))
        #expect(notArray.line == 3)
        #expect(notArray.reason == #""cookies" in [structural] must be an array of strings, not a string"#)
    }

    @Test func arraysMustHoldStrings() throws {
        let error = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: "examples = [\"x\", 2]")))
        #expect(error.reason == #""examples" of rule "a" must be an array of strings, but has an element that is an integer"#)
        let empty = try #require(RuleFileFixtures.error(RuleFileFixtures.ruleTable(id: "a", extra: "keywords = [\"\"]")))
        #expect(empty.reason.contains("empty keyword"))
    }

    @Test func aNULByteIsReportedInsteadOfTruncatingTheFile() throws {
        let error = try #require(RuleFileFixtures.error("# a\n# b\u{0}\n[[rule]]\nid = 1\n"))
        #expect(error.line == 2)
        #expect(error.reason.contains("NUL"))
    }

    @Test func messagesNeverQuoteExampleTexts() throws {
        let error = try #require(RuleFileFixtures.error(
            RuleFileFixtures.ruleTable(id: "a", extra: "examples = [\"AKIAIOSFODNN7SECRETXX\"]\nbogus = 1")))
        #expect(!error.description.contains("AKIAIOSFODNN7SECRETXX"))
    }

    @Test func theDescriptionLeavesOutUnknownParts() {
        #expect(RuleFileError(path: "d", reason: "r").description == "d: r")
        #expect(RuleFileError(path: "f", line: 3, reason: "r").description == "f:3: r")
        #expect(RuleFileError(path: "f", line: 3, column: 9, reason: "r").description == "f:3:9: r")
        #expect(RuleFileError(path: "f", line: 3, reason: "r").errorDescription == "f:3: r")
    }
}
