/// One lexical unit of a filter expression, produced by ``FilterLexer`` for ``FilterParser``.
struct FilterToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case leftParen
        case rightParen
        /// `and`, `&`.
        case and
        /// `or`, `|`.
        case or
        /// `not`, `-`, `!`.
        case not
        /// `name:value`; `value` is nil when nothing follows the colon. `valueColumn` is where the
        /// value starts (or would start).
        case field(name: String, value: String?, valueColumn: Int)
        /// A mitmproxy operator such as `~m`, holding the lower-cased letters after `~`.
        case alias(String)
        /// The word after an alias that takes one, read without interpreting operators.
        case argument(String)
        /// A bare word or quoted string searched as free text.
        case text(String)
        case end
        /// A lexical error; tokens stop here so the parser reports errors in reading order.
        case invalid(FilterParseError)
    }

    var kind: Kind
    /// The 1-based column of the token's first character.
    var column: Int
    /// The token as written, used in error messages.
    var raw: String

    /// How the token reads in a "found …" phrase.
    var foundDescription: String {
        switch kind {
        case .end, .invalid: "end of expression"
        default: "\"\(raw)\""
        }
    }
}
