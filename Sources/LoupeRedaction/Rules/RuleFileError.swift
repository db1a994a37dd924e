import Foundation

/// A rule file or rule directory that cannot be used, reading like a compiler diagnostic:
/// `rules/x.toml:12: bad pattern for rule "aws-key": missing closing parenthesis at offset 7 (PCRE2)`.
///
/// Messages quote rule ids and keys, never a value that could be a secret.
public struct RuleFileError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The file or directory, as it was given (relative paths stay relative).
    public var path: String
    /// The 1-based line of the offending key or table, when the problem has one.
    public var line: Int?
    /// The 1-based column, known for TOML syntax errors.
    public var column: Int?
    /// What is wrong, as a sentence without the location.
    public var reason: String

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `path:line:column: reason`, leaving out what is unknown.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(reason)"
    }

    public var errorDescription: String? { description }
}
