import Testing
import LoupeRedaction

/// Inputs the rule-file fuzzer (Fuzz/Sources/FuzzRuleFile) found.
@Suite struct RuleFileFuzzRegressionTests {
    @Test(arguments: [
        ("[é]\n", 1),
        ("[[rule]]\nid = \"a\"\n[[ \u{FFFD} ]]\n", 3),
        ("  [[é.x]]\n", 1),
    ])
    func aTableNameStartingWithANonASCIICharacterIsAnErrorAtItsLine(_ text: String, line: Int) {
        // toml++ (inside TOMLKit) asserted on these, stopping a debug build of Loupe.
        #expect {
            _ = try RuleFileLoader.parse(text, path: "fuzz.toml")
        } throws: { error in
            (error as? RuleFileError)?.line == line
        }
    }

    @Test func nonASCIIElsewhereInAHeaderOrAValueIsLeftToTheTOMLParser() throws {
        let file = try RuleFileLoader.parse("[structural]\nheaders = [\"é\"]\n", path: "fuzz.toml")
        #expect(file.rules.isEmpty)
    }
}
