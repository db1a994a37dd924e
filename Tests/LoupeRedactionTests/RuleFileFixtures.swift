import Foundation
import Testing
@testable import LoupeRedaction

/// Helpers shared by the rule file and rule set tests: parse TOML text, make temporary rule
/// directories (removed by the caller with ``TemporaryRuleDirectory/remove()``).
enum RuleFileFixtures {
    /// The repository root, found from this file's path (Tests/LoupeRedactionTests/…).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Parses `toml` as a file named `test.toml`.
    static func parse(_ toml: String, path: String = "test.toml") throws -> RuleFile {
        try RuleFileLoader.parse(toml, path: path)
    }

    /// The only rule of `toml`.
    static func rule(_ toml: String) throws -> RedactionRule {
        let rules = try parse(toml).rules
        try #require(rules.count == 1)
        return rules[0]
    }

    /// The error that parsing `toml` throws, or a test failure when it parses.
    static func error(_ toml: String, path: String = "test.toml") -> RuleFileError? {
        do {
            _ = try RuleFileLoader.parse(toml, path: path)
            Issue.record("expected a RuleFileError")
            return nil
        } catch {
            return error
        }
    }

    /// A minimal valid rule table with an optional extra body.
    static func ruleTable(id: String, pattern: String = "secret-[0-9]+", extra: String = "") -> String {
        """
        [[rule]]
        id = "\(id)"
        category = "token"
        pattern = '''\(pattern)'''
        \(extra)

        """
    }
}

/// A fresh directory under the system temporary directory holding the given files.
struct TemporaryRuleDirectory {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("loupe-rules-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files { try write(name, contents) }
    }

    func write(_ name: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
