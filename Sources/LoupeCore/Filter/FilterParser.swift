/// A recursive-descent parser from ``FilterToken``s to a ``FilterExpression``.
///
/// ```
/// expression := or
/// or         := and ( ("or" | "|") and )*
/// and        := unary ( ("and" | "&")? unary )*
/// unary      := ("not" | "-" | "!") unary | primary
/// primary    := "(" or ")" | field:value | ~alias [argument] | text
/// ```
struct FilterParser {
    private let tokens: [FilterToken]
    private var position = 0
    /// Open groups and negations on the current path; bounded because expressions may come from
    /// the network (log API) and each level is a stack frame.
    private var depth = 0
    static let maximumDepth = 100

    /// Parses `source`; an empty or blank source is ``FilterExpression/all``.
    static func parse(_ source: String) throws(FilterParseError) -> FilterExpression {
        var parser = FilterParser(tokens: FilterLexer.tokenize(source))
        return try parser.parseExpression()
    }

    private init(tokens: [FilterToken]) {
        self.tokens = tokens
    }

    private var current: FilterToken { tokens[position] }

    private mutating func advance() -> FilterToken {
        let token = tokens[position]
        // The last token is `.end` or `.invalid`; stay on it.
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func parseExpression() throws(FilterParseError) -> FilterExpression {
        if case .end = current.kind { return .all }
        let expression = try parseOr(opening: nil)
        switch current.kind {
        case .end:
            return expression
        case .invalid(let error):
            throw error
        default:
            // parseAnd consumes every token that can start a term, so only `)` stops it here.
            throw FilterParseError(
                column: current.column,
                message: "expected a term, \"or\" or the end of the expression, found \(current.foundDescription) with no matching \"(\"")
        }
    }

    /// `opening` is the `(` this group started with, or nil at the top level.
    private mutating func parseOr(opening: FilterToken?) throws(FilterParseError) -> FilterExpression {
        var operands = [try parseAnd(after: opening)]
        while case .or = current.kind {
            let op = advance()
            operands.append(try parseAnd(after: op))
        }
        return .disjunction(of: operands)
    }

    /// `after` is the token before the first operand: an operator, a `(`, or nil at the start.
    private mutating func parseAnd(after previous: FilterToken?) throws(FilterParseError) -> FilterExpression {
        var operands = [try parseUnary(after: previous)]
        while true {
            switch current.kind {
            case .and:
                let op = advance()
                operands.append(try parseUnary(after: op))
            case .not, .leftParen, .field, .alias, .argument, .text, .invalid:
                operands.append(try parseUnary(after: nil))
            case .or, .rightParen, .end:
                return .conjunction(of: operands)
            }
        }
    }

    private mutating func parseUnary(after previous: FilterToken?) throws(FilterParseError) -> FilterExpression {
        let token = current
        switch token.kind {
        case .not, .leftParen:
            guard depth < Self.maximumDepth else {
                throw FilterParseError(
                    column: token.column,
                    message: "expected at most \(Self.maximumDepth) nested groups and negations, found more")
            }
            depth += 1
            defer { depth -= 1 }
            return try parseNested(token)
        case .field(let name, let value, let valueColumn):
            _ = advance()
            return .term(try Self.fieldTerm(name: name, value: value, valueColumn: valueColumn, token: token,
                                            next: current))
        case .alias(let name):
            _ = advance()
            return try parseAlias(name, token: token)
        case .text(let text), .argument(let text):
            _ = advance()
            return .term(.text(FilterNeedle(text)))
        case .invalid(let error):
            throw error
        case .and, .or, .rightParen, .end:
            throw missingTerm(after: previous, found: token)
        }
    }

    /// Parses `not …` or `( … )`, starting at `token`.
    private mutating func parseNested(_ token: FilterToken) throws(FilterParseError) -> FilterExpression {
        _ = advance()
        if case .not = token.kind {
            return .not(try parseUnary(after: token))
        }
        let inner = try parseOr(opening: token)
        guard case .rightParen = current.kind else {
            if case .invalid(let error) = current.kind { throw error }
            throw FilterParseError(
                column: current.column,
                message: "expected \")\" to close the \"(\" at column \(token.column), found \(current.foundDescription)")
        }
        _ = advance()
        return inner
    }

    private func missingTerm(after previous: FilterToken?, found token: FilterToken) -> FilterParseError {
        let isBinary: Bool
        switch token.kind {
        case .and, .or: isBinary = true
        default: isBinary = false
        }
        let atGroupStart: Bool
        switch previous?.kind {
        case nil, .leftParen?: atGroupStart = true
        default: atGroupStart = false
        }
        if isBinary && atGroupStart {
            return FilterParseError(column: token.column,
                                    message: "expected a term before \(token.foundDescription), found nothing to its left")
        }
        if let previous {
            return FilterParseError(column: token.column,
                                    message: "expected a term after \(previous.foundDescription), found \(token.foundDescription)")
        }
        // Only a `)` can be out of place with nothing before it in its group.
        return FilterParseError(column: token.column,
                                message: "expected a term, found \(token.foundDescription) with no matching \"(\"")
    }

    /// `next` is the token after the field, which tells what stands where a missing value should be.
    private static func fieldTerm(name: String, value: String?, valueColumn: Int, token: FilterToken,
                                  next: FilterToken) throws(FilterParseError) -> FilterTerm {
        guard let field = FilterField(rawValue: name.lowercased()) else {
            let suggestion = FilterTerm.quoted(name + ":" + (value ?? ""))
            throw FilterParseError(
                column: token.column,
                message: "unknown field \"\(name)\"; expected one of \(FilterField.knownNames) before \":\" (to search for the text, quote it: \(suggestion))")
        }
        guard let value else {
            // A field without value ends at a boundary: the next token if it starts right there
            // (a parenthesis or the end), otherwise whitespace.
            let found = next.column == valueColumn ? next.foundDescription : "a space"
            throw FilterParseError(
                column: valueColumn,
                message: "expected \(field.expectation) after \"\(name):\", found \(found)")
        }
        return try field.term(value: value, column: valueColumn)
    }

    private mutating func parseAlias(_ name: String, token: FilterToken) throws(FilterParseError) -> FilterExpression {
        guard let op = MitmproxyOperator(rawValue: name) else {
            throw FilterParseError(
                column: token.column,
                message: "unknown mitmproxy operator \"~\(name)\"; expected one of \(MitmproxyOperator.knownSpellings)")
        }
        switch op {
        case .error: return .term(.has(.error))
        case .response: return .term(.has(.response))
        case .requestWithoutResponse: return .not(.term(.has(.response)))
        default: break
        }
        let argumentToken = current
        guard case .argument(let argument) = argumentToken.kind else {
            if case .invalid(let error) = argumentToken.kind { throw error }
            throw FilterParseError(
                column: argumentToken.column,
                message: "expected \(op.argumentDescription) after \"\(op.spelling)\", found \(argumentToken.foundDescription)")
        }
        _ = advance()
        if op == .code {
            guard let status = FilterNumber.status(argument[...]) else {
                throw FilterParseError(
                    column: argumentToken.column,
                    message: "expected \(op.argumentDescription) after \"\(op.spelling)\", found \"\(argument)\"")
            }
            return .term(.status(.equal(status)))
        }
        return .term(.mitmproxy(op, FilterNeedle(argument)))
    }
}
