/// The rules a redactor applies: pattern rules by id plus the structural name lists, and an
/// identity (`id`, `sha256`) recorded in exports so a reader knows which rules sanitized a log.
public struct RuleSet: Sendable {
    /// Pattern rules, in the order they run (file order; an override keeps the original's place).
    public var rules: [RedactionRule]
    public var structural: StructuralRules
    /// Lower-case hex SHA-256 over the rule files' contents, in load order.
    public var sha256: String
    /// A short name for display: `default`, or `default+2` with two extra files, plus the first
    /// 8 hex digits of ``sha256``, e.g. `default@1a2b3c4d`.
    public var id: String

    public init(rules: [RedactionRule], structural: StructuralRules, sha256: String, id: String) {
        self.rules = rules
        self.structural = structural
        self.sha256 = sha256
        self.id = id
    }

    /// The rule with this id, if any.
    public func rule(id: String) -> RedactionRule? { rules.first { $0.id == id } }
}
