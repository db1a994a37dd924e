/// The parsed contents of one rule file: its pattern rules in file order and its structural names.
public struct RuleFile: Sendable {
    /// The file's path as given, used in every origin and error.
    public var path: String
    /// The `[[rule]]` tables, compiled and checked, in file order.
    public var rules: [RedactionRule]
    /// The names of the `[structural]` table (empty when the file has none).
    public var structural: StructuralRules

    public init(path: String, rules: [RedactionRule], structural: StructuralRules) {
        self.path = path
        self.rules = rules
        self.structural = structural
    }
}
