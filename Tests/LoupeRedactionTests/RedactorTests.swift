import Testing
@testable import LoupeRedaction

@Suite struct RedactorTests {
    let redactor = RedactorTestRules.redactor()

    @Test func textWithoutSecretsIsReturnedUnchangedAndUncounted() {
        let text = "GET /v1/models 200 in 35 ms, etag 9b2cf535f27731c974343645a3985328"
        let (result, counts) = redactor.text(text)
        #expect(result == text)
        #expect(counts.isEmpty)
    }

    @Test func labelStyleReplacesTheSecretWithItsRuleID() {
        let (result, counts) = redactor.text("contact ann.lee+billing@mail.example.co.uk today")
        #expect(result == "contact [REDACTED:email] today")
        #expect(counts == ["email": 1])
    }

    @Test func secretGroupIsTheOnlyPartReplaced() {
        let (result, counts) = redactor.text("key=AKIAIOSFODNN7ABCDEFG and Authorization: Bearer abcdef0123456789")
        #expect(result == "key=[REDACTED:aws-access-key-id] and Authorization: Bearer [REDACTED:bearer-token]")
        #expect(counts == ["aws-access-key-id": 1, "bearer-token": 1])
    }

    @Test func everyOccurrenceIsCounted() {
        let (result, counts) = redactor.text("a@example.com, b@example.com; c@example.org")
        #expect(result == "[REDACTED:email], [REDACTED:email]; [REDACTED:email]")
        #expect(counts == ["email": 3])
    }

    @Test func validationKeepsLookAlikes() {
        // 4111 1111 1111 1111 passes Luhn; the same digits with the last one changed do not.
        let (result, counts) = redactor.text("card 4111 1111 1111 1111, order 4111 1111 1111 1112")
        #expect(result == "card [REDACTED:payment-card], order 4111 1111 1111 1112")
        #expect(counts == ["payment-card": 1])
    }

    @Test func maskStyleKeepsTheLastFourCharacters() {
        let (result, counts) = redactor.text("token tok_0123456789ab used")
        #expect(result == "token ****89ab used")
        #expect(counts == ["masked-token": 1])
    }

    @Test func maskStyleHidesShortSecretsEntirely() {
        let redactor = RedactorTestRules.redactor(style: .mask)
        #expect(redactor.text("mail a@b.co").0 == "mail ****")
    }

    @Test func maskShowsTheLastFourLettersOrDigitsOfASCIIAndOtherSecrets() {
        func masked(_ secret: String) -> String {
            Redactor.withBytes(of: secret) { Redactor.maskedPlaceholder($0) }
        }
        #expect(masked("DE89 3704 0044 0532 0130 00") == "****3000")
        #expect(masked("ab-cd-ef-g") == "****")  // seven letters
        #expect(masked("ab-cd-ef-gh") == "****efgh")
        #expect(masked("ab-cd-ef-gh!?") == "****efgh")
        #expect(masked("ééééé-abc") == "****éabc")
        #expect(masked("abcdefg-①") == "****efg①")  // a digit outside ASCII counts too
        #expect(masked("") == "****")
    }

    @Test func asciiMasksAgreeWithFilteringEveryCharacter() {
        // The ASCII path reads from the end and stops counting at eight; a plain filter over
        // the whole secret is the reference, around the thresholds of four and eight.
        let pieces = ["a", "7", "-", " ", "Z", "!", "_", "@", "[", "`", "/", ":", "0", "9"]
        var generator = CandidateRunsTests.Generator(state: 7)
        for length in 0...24 {
            for _ in 0..<40 {
                let secret = (0..<length).map { _ in generator.pick(pieces) }.joined()
                let letters = secret.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
                let expected = letters.count >= 8 ? "****" + letters.suffix(4) : "****"
                #expect(Redactor.withBytes(of: secret) { Redactor.maskedPlaceholder($0) } == expected, "\(secret)")
            }
        }
    }

    @Test func hashStyleIsStableForOneSecretAndDiffersBetweenSecrets() {
        let (result, _) = redactor.text("sec_AAAAAAAAAA sec_AAAAAAAAAA sec_BBBBBBBBBB")
        let parts = result.split(separator: " ").map(String.init)
        #expect(parts.count == 3)
        #expect(parts[0] == parts[1])
        #expect(parts[0] != parts[2])
        #expect(parts.allSatisfy { $0.wholeMatch(of: /\[hashed-token:[0-9a-f]{8}\]/) != nil })
    }

    @Test func hashStyleDependsOnTheKey() {
        let one = Redactor(ruleSet: RedactorTestRules.ruleSet, hashKey: RedactionHashKey(bytes: [1, 2, 3]))
        let two = Redactor(ruleSet: RedactorTestRules.ruleSet, hashKey: RedactionHashKey(bytes: [4, 5, 6]))
        #expect(one.text("sec_AAAAAAAAAA").0 != two.text("sec_AAAAAAAAAA").0)
    }

    @Test func hashKeyComesFromTheEnvironmentWhenSet() {
        let fromEnvironment = RedactionHashKey.fromEnvironment(["LOUPE_HASH_KEY": "shared"])
        let explicit = RedactionHashKey(bytes: Array("shared".utf8))
        let secret = Array("sec_AAAAAAAAAA".utf8)
        let digests = [fromEnvironment, explicit].map { key in secret.withUnsafeBytes { key.digestPrefix(of: $0) } }
        #expect(digests[0] == digests[1])
        let random = RedactionHashKey.fromEnvironment([:])
        #expect(secret.withUnsafeBytes { random.digestPrefix(of: $0) } != digests[0])
        // The per-process key is generated once.
        let again = RedactionHashKey.fromEnvironment(["LOUPE_HASH_KEY": ""])
        #expect(secret.withUnsafeBytes { random.digestPrefix(of: $0) } == secret.withUnsafeBytes { again.digestPrefix(of: $0) })
    }

    @Test func styleOverrideAppliesToEveryRule() {
        let redactor = RedactorTestRules.redactor(style: .label)
        #expect(redactor.text("tok_0123456789ab sec_AAAAAAAAAA").0 == "[REDACTED:masked-token] [REDACTED:hashed-token]")
    }

    @Test(arguments: RedactionRule.ReplacementStyle.allCases)
    func redactingRedactedTextChangesAndCountsNothing(style: RedactionRule.ReplacementStyle) {
        let redactor = RedactorTestRules.redactor(style: style)
        let text = """
            Authorization: Bearer abcdef0123456789 from ann@example.com, key AKIAIOSFODNN7ABCDEFG,
            card 5500-0000-0000-0004, tok_0123456789ab and sec_AAAAAAAAAA
            """
        let (once, counts) = redactor.text(text)
        #expect(counts.values.reduce(0, +) == 6)
        let (twice, again) = redactor.text(once)
        #expect(twice == once)
        #expect(again.isEmpty)
    }

    @Test func overlappingMatchesMergeUnderTheLongestMatch() {
        // The email rule and the card rule overlap in "4111111111111111@pay.example.com"; the
        // email is longer, so one placeholder covers both and no digit survives.
        let (result, counts) = redactor.text("to 4111111111111111@pay.example.com now")
        #expect(result == "to [REDACTED:email] now")
        #expect(counts == ["email": 1])
    }

    @Test func mergedSpansAreLabelledByTheLongestThenTheFirstRule() {
        let spans = [
            PatternEngine.Span(range: 5..<10, rule: 2),
            PatternEngine.Span(range: 0..<8, rule: 1),
            PatternEngine.Span(range: 0..<8, rule: 0),
            PatternEngine.Span(range: 20..<25, rule: 3),
        ]
        #expect(PatternEngine.merged(spans) == [
            PatternEngine.Span(range: 0..<10, rule: 0),
            PatternEngine.Span(range: 20..<25, rule: 3),
        ])
    }

    @Test func catastrophicBacktrackingMakesTheValueUnscannableInsteadOfHanging() {
        let redactor = Redactor(ruleSet: .pathologicalForTesting)
        let input = String(repeating: "a", count: 5_000) + "!"
        let (result, counts) = redactor.text(input)
        #expect(result == "[REDACTED:unscannable]")
        #expect(counts == ["unscannable": 1])
        // Idempotent too: the placeholder itself is scannable.
        #expect(redactor.text(result).1.isEmpty)
    }

    @Test func prefilterSkipsRulesThatCannotMatch() throws {
        let prefilter = RulePrefilter.analyze(try PCRE2Regex(#"\b((?:AKIA|ASIA)[A-Z2-7]{16})\b"#))
        #expect(prefilter.minimumLength == 20)
        let short = Array("AKIA".utf8), long = Array("key AKIAIOSFODNN7ABCDEFG".utf8), other = Array(String(repeating: "x", count: 40).utf8)
        #expect(short.withUnsafeBytes { !prefilter.admits(count: $0.count, present: ByteSet(of: $0)) })
        #expect(long.withUnsafeBytes { prefilter.admits(count: $0.count, present: ByteSet(of: $0)) })
        #expect(other.withUnsafeBytes { !prefilter.admits(count: $0.count, present: ByteSet(of: $0)) })
    }

    @Test func keywordsAreFoundCaseInsensitivelyInOnePass() {
        let index = KeywordIndex(["akia", "bearer", "@", "akia"])
        #expect(index.keywords.count == 3)
        let text = Array("Authorization: BEARER x".utf8)
        var wanted = [true, true, true], found = [false, false, false]
        text.withUnsafeBytes { bytes in
            wanted.withUnsafeMutableBufferPointer { wanted in
                found.withUnsafeMutableBufferPointer { index.search(bytes, folded: ByteSet(of: bytes).foldingASCIICase, wanted: wanted, found: $0) }
            }
        }
        #expect(found == [false, true, false])
    }
}
