/// The parsed contents of one rule file: its pattern rules in file order, its structural names and
/// the pattern fragments it defines.
public struct RuleFile: Sendable {
    /// The file's path as given, used in every origin and error.
    public var path: String
    /// The `[[rule]]` tables, compiled and checked, in file order.
    public var rules: [RedactionRule]
    /// The names of the `[structural]` table (empty when the file has none).
    public var structural: StructuralRules
    /// The `[fragments]` table: pieces of pattern by name, which this file's patterns and those
    /// of the files loaded after it write as `{{name}}` (empty when the file has none).
    public var fragments: [String: String]

    public init(path: String, rules: [RedactionRule], structural: StructuralRules, fragments: [String: String] = [:]) {
        self.path = path
        self.rules = rules
        self.structural = structural
        self.fragments = fragments
    }
}
