import Crypto
import Foundation
import Testing
@testable import LoupeRedaction

@Suite struct RuleSetLoadingTests {
    static let base = RuleFileFixtures.ruleTable(id: "alpha", pattern: "alpha-[0-9]+")
        + RuleFileFixtures.ruleTable(id: "beta", pattern: "beta-[0-9]+")
        + "[structural]\nheaders = [\"X-One\"]\n"

    @Test func loadsEveryTOMLFileOfADirectoryInNameOrder() throws {
        let directory = try TemporaryRuleDirectory([
            "b.toml": RuleFileFixtures.ruleTable(id: "from-b"),
            "a.toml": RuleFileFixtures.ruleTable(id: "from-a"),
            "notes.txt": "not a rule file",
        ])
        defer { directory.remove() }
        let ruleSet = try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
        #expect(ruleSet.rules.map(\.id) == ["from-a", "from-b"])
        #expect(ruleSet.rules[0].origin.file.hasSuffix("/a.toml"))
    }

    @Test func aLaterRuleWithTheSameIDReplacesTheEarlierOneInPlace() throws {
        let first = try TemporaryRuleDirectory(["base.toml": Self.base])
        let second = try TemporaryRuleDirectory([
            "override.toml": RuleFileFixtures.ruleTable(id: "alpha", pattern: "ALPHA", extra: "replace = \"mask\"")
                + RuleFileFixtures.ruleTable(id: "gamma")
                + "[structural]\nheaders = [\"x-two\"]\n",
        ])
        defer { first.remove(); second.remove() }
        let ruleSet = try RuleSet.load(directories: [first.url, second.url], includeDefaults: false, environment: [:])
        // The named-value rules made from the structural names (x-one, x-two) come last.
        #expect(ruleSet.rules.map(\.id) == ["alpha", "beta", "gamma"] + NamedValueRules.rules(for: ruleSet.structural).map(\.id))
        #expect(ruleSet.rules.count > 3)
        let alpha = try #require(ruleSet.rule(id: "alpha"))
        #expect(alpha.pattern == "ALPHA")
        #expect(alpha.replacement == .mask)
        #expect(alpha.origin.file.hasSuffix("override.toml"))
        #expect(ruleSet.structural.headerNames == ["x-one", "x-two"])
    }

    @Test func addsTheDirectoriesOfLOUPE_RULESAndLetsTheCommandLineWin() throws {
        let fromEnvironment1 = try TemporaryRuleDirectory(["e.toml": RuleFileFixtures.ruleTable(id: "shared", pattern: "env")])
        let fromEnvironment2 = try TemporaryRuleDirectory(["f.toml": RuleFileFixtures.ruleTable(id: "env-only")])
        let fromFlag = try TemporaryRuleDirectory(["g.toml": RuleFileFixtures.ruleTable(id: "shared", pattern: "flag")])
        defer { fromEnvironment1.remove(); fromEnvironment2.remove(); fromFlag.remove() }
        let environment = ["LOUPE_RULES": "\(fromEnvironment1.url.path)::\(fromEnvironment2.url.path)"]

        let environmentOnly = try RuleSet.load(includeDefaults: false, environment: environment)
        #expect(environmentOnly.rules.map(\.id) == ["shared", "env-only"])
        #expect(environmentOnly.rule(id: "shared")?.pattern == "env")

        let both = try RuleSet.load(directories: [fromFlag.url], includeDefaults: false, environment: environment)
        #expect(both.rules.map(\.id) == ["shared", "env-only"])
        #expect(both.rule(id: "shared")?.pattern == "flag")
    }

    @Test func aDirectoryEntryMayNameOneTOMLFile() throws {
        let directory = try TemporaryRuleDirectory(["one.toml": RuleFileFixtures.ruleTable(id: "single")])
        defer { directory.remove() }
        let ruleSet = try RuleSet.load(directories: [directory.url.appendingPathComponent("one.toml")],
                                       includeDefaults: false, environment: [:])
        #expect(ruleSet.rules.map(\.id) == ["single"])
    }

    @Test func theSHA256CoversTheFilesBytesInLoadOrderAndChangesWithThem() throws {
        let directory = try TemporaryRuleDirectory(["a.toml": Self.base, "b.toml": RuleFileFixtures.ruleTable(id: "b")])
        defer { directory.remove() }
        let before = try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
        let expected = SHA256.hash(data: Data((Self.base + RuleFileFixtures.ruleTable(id: "b")).utf8))
            .map { String(format: "%02x", $0) }.joined()
        #expect(before.sha256 == expected)
        #expect(before.id == "custom+2@\(expected.prefix(8))")

        try directory.write("b.toml", RuleFileFixtures.ruleTable(id: "b") + "# a comment changes the identity\n")
        let after = try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
        #expect(after.sha256 != before.sha256)
        #expect(after.rules.map(\.id) == before.rules.map(\.id))
    }

    @Test func theIDCountsFilesAddedToTheDefaults() throws {
        let directory = try TemporaryRuleDirectory(["a.toml": RuleFileFixtures.ruleTable(id: "extra-rule-for-id-test")])
        defer { directory.remove() }
        let defaults = try RuleSet.load(environment: [:])
        #expect(defaults.id == "default@\(defaults.sha256.prefix(8))")
        let extended = try RuleSet.load(directories: [directory.url], environment: [:])
        #expect(extended.id == "default+1@\(extended.sha256.prefix(8))")
        #expect(extended.sha256 != defaults.sha256)
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/loupe-rules")
        #expect(throws: RuleFileError(path: "/nonexistent/loupe-rules", reason: "no such rule directory")) {
            try RuleSet.load(directories: [missing], includeDefaults: false, environment: [:])
        }
        #expect(throws: RuleFileError(path: "/nonexistent/loupe-rules", reason: "no such rule directory (from LOUPE_RULES)")) {
            try RuleSet.load(includeDefaults: false, environment: ["LOUPE_RULES": missing.path])
        }
    }

    @Test func aDirectoryWithoutTOMLFilesIsAnError() throws {
        let directory = try TemporaryRuleDirectory(["README.md": "# rules"])
        defer { directory.remove() }
        #expect(throws: RuleFileError(path: directory.url.path, reason: "the rule directory has no .toml files")) {
            try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
        }
    }

    @Test func aBrokenFileFailsTheWholeLoadWithItsPathAndLine() throws {
        let directory = try TemporaryRuleDirectory([
            "good.toml": Self.base,
            "bad.toml": RuleFileFixtures.ruleTable(id: "bad", pattern: "(open"),
        ])
        defer { directory.remove() }
        do {
            _ = try RuleSet.load(directories: [directory.url], includeDefaults: false, environment: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.path == directory.url.path + "/bad.toml")
            #expect(error.line == 4)
            #expect(error.reason.hasPrefix(#"bad pattern for rule "bad": missing closing parenthesis"#))
        }
    }

    @Test func relativeDirectoriesStayRelativeInMessages() throws {
        let error = #expect(throws: RuleFileError.self) {
            try RuleSet.load(directories: [URL(fileURLWithPath: "no-such-dir/rules")], includeDefaults: false, environment: [:])
        }
        #expect(error?.description == "no-such-dir/rules: no such rule directory")
    }

    @Test func theBuiltInSetIsTheDefaultFilesAlone() throws {
        let loaded = try RuleSet.load(environment: [:])
        #expect(RuleSet.builtIn.sha256 == loaded.sha256)
        #expect(RuleSet.builtIn.rules.map(\.id) == loaded.rules.map(\.id))
        #expect(RuleSet.builtIn.rules.allSatisfy { $0.origin.file.hasPrefix("rules/") })
    }
}
