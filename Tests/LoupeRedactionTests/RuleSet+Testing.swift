@testable import LoupeRedaction

extension RuleSet {
    /// A rule set from inline TOML, independent of the default rules so a test states exactly
    /// which rule must fire; traps on a broken fixture (a test defect).
    static func forTesting(_ toml: String) -> RuleSet {
        do {
            let file = try RuleFileLoader.parse(toml, path: "test.toml")
            return RuleSet(rules: file.rules, structural: file.structural, sha256: "test", id: "test")
        } catch {
            fatalError("the test rules do not load: \(error)")
        }
    }

    /// One rule that backtracks catastrophically on `aaaa…!`, to prove matching cannot hang.
    static let pathologicalForTesting = forTesting(#"""
        [[rule]]
        id = "catastrophic"
        category = "token"
        pattern = '''(a+)+$'''
        """#)
}
