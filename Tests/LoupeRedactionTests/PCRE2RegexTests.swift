import Testing
@testable import LoupeRedaction

@Suite struct PCRE2RegexTests {
    @Test func findsEveryMatchWithByteRanges() throws {
        let regex = try PCRE2Regex(#"\d+"#)
        let matches = try regex.matches(in: "a1 bb22 ccc333")
        #expect(matches.map(\.range) == [1..<2, 5..<7, 11..<14])
    }

    @Test func reportsCaptureGroupsAndUnsetGroups() throws {
        let regex = try PCRE2Regex(#"(key)=(\w+)|(other)"#)
        #expect(regex.captureGroupCount == 3)
        let match = try #require(try regex.firstMatch(in: "x key=secret"))
        #expect(match.range == 2..<12)
        #expect(match.range(ofGroup: 2) == 6..<12)
        #expect(match.range(ofGroup: 3) == nil)
        #expect(match.range(ofGroup: 9) == nil)
    }

    @Test func aBadPatternThrowsPCRE2sMessageAndOffset() {
        #expect {
            try PCRE2Regex("(abc")
        } throws: { error in
            let error = error as? PCRE2Error
            return error?.message.contains("missing closing parenthesis") == true && error?.offset == 4
        }
    }

    @Test func rangesAreUTF8ByteOffsets() throws {
        let regex = try PCRE2Regex("b")
        #expect(try regex.firstMatch(in: "éb")?.range == 2..<3)
    }

    @Test func invalidUTF8NeverMakesMatchingFail() throws {
        let regex = try PCRE2Regex("ab")
        let bytes: [UInt8] = [0xFF, 0xC3, 0x61, 0x62, 0x80]
        var ranges: [Range<Int>] = []
        try bytes.withUnsafeBytes { buffer in
            try regex.forEachMatch(in: buffer) { ranges.append($0.range); return true }
        }
        #expect(ranges == [2..<4])
    }

    @Test func unicodePropertiesApplyToWordCharacters() throws {
        #expect(try PCRE2Regex(#"^\w+$"#).isMatch("héllo"))
        #expect(try PCRE2Regex("straße", options: .caseless).isMatch("STRAßE"))
    }

    @Test func emptyMatchesAdvanceInsteadOfLooping() throws {
        let matches = try PCRE2Regex("x*").matches(in: "aé")
        #expect(matches.map(\.range) == [0..<0, 1..<1, 3..<3])
    }

    @Test func theBodyCanStopTheIteration() throws {
        var seen = 0
        let regex = try PCRE2Regex(#"\d"#)
        try withUTF8(of: "1 2 3 4") { (bytes) throws(PCRE2Error) in
            try regex.forEachMatch(in: bytes) { _ in seen += 1; return seen < 2 }
        }
        #expect(seen == 2)
    }

    @Test func catastrophicBacktrackingHitsTheMatchLimitInsteadOfHanging() throws {
        let regex = try PCRE2Regex(#"^(a+)+$"#)
        let subject = String(repeating: "a", count: 40) + "!"
        #expect {
            try regex.isMatch(subject)
        } throws: { error in
            (error as? PCRE2Error)?.isResourceLimit == true
        }
    }

    @Test func usesTheJITOnThisPlatform() throws {
        #expect(try PCRE2Regex("abc").isJITCompiled)
    }

    @Test func oneCompiledPatternServesManyTasksAtOnce() async throws {
        let regex = try PCRE2Regex(#"[\w.+-]+@[\w-]+\.[\w.]+"#)
        let text = String(repeating: "mail ann+x@example.com and bob@mail.example.org; ", count: 200)
        let expected = try regex.matches(in: text).count
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try regex.matches(in: text).count } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(expected == 400)
        #expect(counts == Array(repeating: expected, count: 8))
    }
}
