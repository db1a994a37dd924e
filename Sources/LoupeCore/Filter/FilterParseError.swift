import Foundation

/// Why a filter expression could not be parsed: the 1-based column where the problem was found and
/// a sentence saying what was expected and what was found there.
///
/// ```swift
/// do { _ = try EventFilter(parsing: "status:abc") } catch {
///     print(error)  // column 8: expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "abc"
/// }
/// ```
public struct FilterParseError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The 1-based column (in Unicode scalars, which are characters unless combining marks are
    /// involved) of the offending text; one past the last one when the expression ended too early.
    public let column: Int
    /// What was expected and what was found, without the column.
    public let message: String

    /// Creates an error at `column` with a sentence explaining it.
    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// `column N: message`, the form the CLI and the console show.
    public var description: String { "column \(column): \(message)" }

    /// The same text as ``description``, for code that reports `localizedDescription`.
    public var errorDescription: String? { description }
}
