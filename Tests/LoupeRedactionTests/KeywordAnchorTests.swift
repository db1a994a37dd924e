import Testing
@testable import LoupeRedaction

/// Where a pattern's matches start relative to its keywords: claimed only when the pattern's
/// fixed start proves it.
@Suite struct KeywordAnchorTests {
    @Test func aLiteralStartAfterLookbehindAnchorsAtItsKeyword() {
        let anchor = KeywordAnchor.of(pattern: #"(?<![A-Za-z0-9_+/-])00(?=[A-Za-z0-9_-]{0,39}[A-Z])[A-Za-z0-9_-]{40}"#,
                                      keywords: ["00"])
        #expect(anchor == KeywordAnchor(keywords: ["00"], offset: 0))
    }

    @Test func aKeywordInsideTheFixedStartGivesItsOffset() {
        #expect(KeywordAnchor.of(pattern: #"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}+\.[A-Za-z0-9_-]+"#, keywords: ["yj"])
            == KeywordAnchor(keywords: ["yj"], offset: 1))
        #expect(KeywordAnchor.of(pattern: #"[tT][oO][kK][eE][nN](?=[\"' \t:=])\s*[:=]\s*(\w+)"#, keywords: ["oken"])
            == KeywordAnchor(keywords: ["oken"], offset: 1))
        #expect(KeywordAnchor.of(pattern: #"\bs\.[A-Za-z0-9]{24}"#, keywords: ["s."]) == KeywordAnchor(keywords: ["s."], offset: 0))
    }

    @Test func aGroupOfOneLengthIsFixedAndAGroupOfKeywordsAnchors() {
        let expiry = #"(?<=[0-9]{4} )(?:0[1-9]|1[0-2])(?:/|%2[Ff])(?:20)?[0-9]{2}"#
        #expect(KeywordAnchor.of(pattern: expiry, keywords: ["/", "%2f"]) == KeywordAnchor(keywords: ["%2f", "/"], offset: 2))
        // A match written `12%2F29` would have no `/` to anchor at.
        #expect(KeywordAnchor.of(pattern: expiry, keywords: ["/"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"(?:ab|cd)ghp_[0-9]+"#, keywords: ["ghp_"]) == KeywordAnchor(keywords: ["ghp_"], offset: 2))
        #expect(KeywordAnchor.of(pattern: #"(?:ghp|gho)_[A-Za-z0-9]{36}"#, keywords: ["ghp_", "gho_"])
            == KeywordAnchor(keywords: ["gho_", "ghp_"], offset: 0))
        // Read per byte, `(?:ghp|gho)` could also be `gho`/`ghp` only: both must be keywords.
        #expect(KeywordAnchor.of(pattern: #"(?:ghp|gho)_[A-Za-z0-9]{36}"#, keywords: ["ghp_"]) == nil)
        // Alternatives of two lengths put the keyword at two offsets.
        #expect(KeywordAnchor.of(pattern: #"(?:ab|cde)ghp_[0-9]+"#, keywords: ["ghp_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"(?:ab|cd)?ghp_[0-9]+"#, keywords: ["ghp_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"(?:a+|cd)ghp_[0-9]+"#, keywords: ["ghp_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"(ab|cd)ghp_[0-9]+"#, keywords: ["ghp_"]) == nil)
    }

    @Test func everyVariantOfAClassMustBeAKeyword() {
        let pattern = #"(?<![A-Za-z0-9/._-])[12]/[0-9]{10,20}+:[0-9a-f]{32}"#
        #expect(KeywordAnchor.of(pattern: pattern, keywords: ["1/", "2/"]) == KeywordAnchor(keywords: ["1/", "2/"], offset: 0))
        // With only `1/` a match starting `2/` would have no keyword to anchor at.
        #expect(KeywordAnchor.of(pattern: pattern, keywords: ["1/"]) == nil)
    }

    @Test func patternsThatCanStartOtherwiseHaveNoAnchor() {
        #expect(KeywordAnchor.of(pattern: #"ghp_[A-Za-z0-9]{36}|gho_[A-Za-z0-9]{36}"#, keywords: ["ghp_", "gho_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"x?ghp_[A-Za-z0-9]{36}"#, keywords: ["ghp_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"(?x) ghp_ [A-Za-z0-9]{36}"#, keywords: ["ghp_"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"\w+@example\.com"#, keywords: ["@"]) == nil)
        #expect(KeywordAnchor.of(pattern: #"[A-Za-z]+ghp_"#, keywords: ["ghp_"]) == nil)
        // `\K` reports a later start than the attempt's.
        #expect(KeywordAnchor.of(pattern: #"password=\K\S+"#, keywords: ["password"]) == nil)
        // A quantified byte is not fixed: `gh+p_` may start `ghhp_`.
        #expect(KeywordAnchor.of(pattern: #"gh+p_"#, keywords: ["ghp_"]) == nil)
    }

    @Test func escapedPunctuationAndInlineFlagsAreReadThrough() {
        #expect(KeywordAnchor.of(pattern: #"(?i)\$2[aby]\$[0-9]{2}\$"#, keywords: ["$2a$", "$2b$", "$2y$"])
            == KeywordAnchor(keywords: ["$2a$", "$2b$", "$2y$"], offset: 0))
        #expect(KeywordAnchor.of(pattern: #"\bxox[bp]-[0-9]+"#, keywords: ["xox"]) == KeywordAnchor(keywords: ["xox"], offset: 0))
    }

    @Test func theByteAfterTheFixedStartIsReadFromALookaheadOrARequiredClass() throws {
        let token = try #require(KeywordAnchor.followingBytes(of: #"[tT][oO][kK][eE][nN](?=[\\"' \t:=])(?!:x)\s*[:=]"#))
        #expect(token.offset == 5)
        #expect(token.bytes.contains(UInt8(ascii: "=")) && token.bytes.contains(0x09) && token.bytes.contains(UInt8(ascii: "\\")))
        #expect(!token.bytes.contains(UInt8(ascii: "s")))  // `maxTokens` is never tried
        let jwt = try #require(KeywordAnchor.followingBytes(of: #"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}+\."#))
        #expect(jwt.offset == 3 && jwt.bytes.contains(UInt8(ascii: "q")) && !jwt.bytes.contains(UInt8(ascii: ".")))
        // Lookbehinds after the fixed start look back; the byte after it is still the next one.
        let key = try #require(KeywordAnchor.followingBytes(of: #"key(?<!monkey)(?<=api_key)[=:]"#))
        #expect(key.offset == 3 && key.bytes.contains(UInt8(ascii: ":")) && !key.bytes.contains(UInt8(ascii: "s")))
        // Letters count in both cases: an `(?i)` may apply.
        #expect(KeywordAnchor.followingBytes(of: #"ghp_(?i)x"#) == nil)
        #expect(try #require(KeywordAnchor.followingBytes(of: #"ghp_x+"#)).bytes.contains(UInt8(ascii: "X")))
    }

    @Test func nothingIsSaidOfAByteThatMayBeAbsent() {
        #expect(KeywordAnchor.followingBytes(of: #"token[=:]?\S+"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token[=:]*x"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token[=:]{0,2}x"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token(?:=|: )x"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token(?=a|b)"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token\s+x"#) == nil)
        #expect(KeywordAnchor.followingBytes(of: #"token|x"#) == nil)
    }

    @Test func theBuiltInRulesAnchoredInALargeTextFindWhatTheyFindInTheirExamples() {
        // Every example of every built-in rule, alone and inside one large text: the same result.
        let redactor = Redactor(ruleSet: .builtIn, hashKey: RedactionHashKey(bytes: [9]))
        let examples = RuleSet.builtIn.rules.flatMap(\.examples).filter { !$0.contains("\n") }
        let filler = (0..<40).map { "GET /v1/items/\($0) 200 in 12 ms\n" }.joined()
        let whole = examples.joined(separator: "\n" + filler)
        #expect(whole.utf8.count > PatternEngine.largeText)
        var wholeCounts: [String: Int] = [:]
        let large = redactor.redactText(whole, counts: &wholeCounts)
        var counts: [String: Int] = [:]
        let separately = examples.map { redactor.redactText($0, counts: &counts) }.joined(separator: "\n" + filler)
        let largeLines = large.split(separator: "\n", omittingEmptySubsequences: false)
        let separateLines = separately.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(largeLines.count == separateLines.count)
        let differing = zip(largeLines, separateLines).filter { $0 != $1 }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
