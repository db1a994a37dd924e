import Testing
@testable import LoupeRedaction

/// `RedactionRule.validatedMatches(in:)`: the single-rule step the redactor and `rules test` share.
@Suite struct RuleSetMatchingTests {
    @Test func returnsTheSecretGroupsByteRanges() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(
            id: "key", pattern: #"key=(\w+)"#, extra: "secret_group = 1"))
        #expect(try rule.validatedMatches(in: "key=abc and key=defg") == [4..<7, 16..<20])
    }

    @Test func rangesAreUTF8ByteOffsets() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(id: "key", pattern: #"s3cr3t"#))
        let text = "é→ s3cr3t"
        let ranges = try rule.validatedMatches(in: text)
        #expect(ranges == [6..<12])
        #expect(String(decoding: Array(text.utf8)[ranges[0]], as: UTF8.self) == "s3cr3t")
    }

    @Test func dropsMatchesThatFailValidation() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(
            id: "card", pattern: #"\b\d(?:[ -]?\d){11,18}\b"#, extra: #"validate = "luhn""#))
        let text = "bad 4111 1111 1111 1112, good 4111-1111-1111-1111"
        #expect(try rule.validatedMatches(in: text) == [30..<49])
    }

    @Test func skipsMatchesWhoseSecretGroupDidNotTakePart() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(
            id: "opt", pattern: #"token(?:=(\w+))?"#, extra: "secret_group = 1"))
        #expect(try rule.validatedMatches(in: "token token=abc") == [12..<15])
    }

    @Test func theKeywordPrefilterSkipsTextsWithoutAnyKeyword() throws {
        // The pattern alone would match "zzz"; the keyword gate keeps the rule from running.
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(
            id: "gated", pattern: "z+", extra: #"keywords = ["Secret"]"#))
        #expect(try rule.validatedMatches(in: "zzz").isEmpty)
        #expect(try rule.validatedMatches(in: "SECRET zzz") == [7..<10])
        #expect(try rule.validatedMatches(in: "zzz", checkingKeywords: false) == [0..<3])
    }

    @Test func keywordsCompareASCIICaseInsensitively() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(
            id: "gated", pattern: "x", extra: #"keywords = ["akia", "ghp_"]"#))
        func occurs(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { rule.keywordsOccur(in: UnsafeRawBufferPointer($0)) }
        }
        #expect(occurs("xxAKIAxx"))
        #expect(occurs("GHP_abc"))
        #expect(occurs("…akia"))
        #expect(!occurs("aki"))
        #expect(!occurs(""))
    }

    @Test func invalidUTF8NeverFailsMatching() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(id: "key", pattern: "secret"))
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("secret".utf8) + [0xC3]
        let ranges = try bytes.withUnsafeBytes { try rule.validatedMatches(in: $0) }
        #expect(ranges == [2..<8])
    }

    @Test func aPathologicalPatternFailsWithAResourceLimitInsteadOfHanging() throws {
        let rule = try RuleFileFixtures.rule(RuleFileFixtures.ruleTable(id: "evil", pattern: #"(a+)+$"#))
        let text = String(repeating: "a", count: 40) + "b"
        #expect {
            try rule.validatedMatches(in: text)
        } throws: { error in
            (error as? PCRE2Error)?.isResourceLimit == true
        }
    }
}
