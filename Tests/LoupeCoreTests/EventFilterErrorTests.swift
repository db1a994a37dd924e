import Testing
@testable import LoupeCore

@Suite struct EventFilterErrorTests {
    private static let fields =
        "method, status, host, path, dur, size, kind, has, rule, header, body, state, source, ws or ws.dir"

    @Test(arguments: [
        // A field value that is not what the field takes.
        ("status:abc", 8, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "abc""#),
        ("method:GET status:abc", 19, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "abc""#),
        ("status:1000", 8, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "1000""#),
        ("status:>=", 8, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found ">=""#),
        ("status:0xx", 8, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "0xx""#),
        ("dur:>5h", 5, #"expected a duration like >500ms, <2s or 100ms-1s (units us, ms, s, m) after "dur:", found ">5h""#),
        ("dur:.5s", 5, #"expected a duration like >500ms, <2s or 100ms-1s (units us, ms, s, m) after "dur:", found ".5s""#),
        ("dur:1.s", 5, #"expected a duration like >500ms, <2s or 100ms-1s (units us, ms, s, m) after "dur:", found "1.s""#),
        ("size:10tb", 6, #"expected a size like >10kb, <1mb or 1kb-2mb (units b, kb, mb, gb) after "size:", found "10tb""#),
        ("size:1.5.5kb", 6, #"expected a size like >10kb, <1mb or 1kb-2mb (units b, kb, mb, gb) after "size:", found "1.5.5kb""#),
        ("size:1kb-", 6, #"expected a size like >10kb, <1mb or 1kb-2mb (units b, kb, mb, gb) after "size:", found "1kb-""#),
        ("size:>-1", 6, #"expected a size like >10kb, <1mb or 1kb-2mb (units b, kb, mb, gb) after "size:", found ">-1""#),
        ("dur:1s-100ms", 5, #"the range 1s-100ms after "dur:" is empty; write the lower bound first, like 100ms-1s"#),
        ("status:499-400", 8, #"the range 499-400 after "status:" is empty; write the lower bound first, like 400-499"#),
        ("method:GET,", 8, #"expected a method like GET or GET,POST after "method:", found "GET,""#),
        ("header:=x", 8, #"expected a header like x-request-id or x-request-id=abc after "header:", found "=x""#),
        (#"path:"""#, 6, #"expected a path like /conversations after "path:", found """#),
        // Enumerated values list the valid ones.
        ("kind:error", 6, #"expected one of sse, http, tunnel, ws or grpc after "kind:", found "error""#),
        ("has:errors", 5, #"expected one of error, redaction, response, body or sse after "has:", found "errors""#),
        ("state:done", 7, #"expected one of pending, streaming, complete or failed after "state:", found "done""#),
        ("source:proxy", 8,
         #"expected one of apiClient, sseClient, proxy-forward, proxy-reverse or tunnel after "source:", found "proxy""#),
        // A field with nothing after the colon.
        ("method:", 8, #"expected a method like GET or GET,POST after "method:", found end of expression"#),
        ("status: 404", 8, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found a space"#),
        ("(host:)", 7, #"expected a host like api.example.com or *.example.com after "host:", found ")""#),
        ("rule:(a)", 6, #"expected a rule id like email or aws-* after "rule:", found "(""#),
        ("body:", 6, #"expected text to search for after "body:", found end of expression"#),
        // Unknown fields name the known ones and how to search for the text instead.
        ("foo:bar", 1, #"unknown field "foo"; expected one of \#(fields) before ":" (to search for the text, quote it: "foo:bar")"#),
        ("a localhost:8080", 3,
         #"unknown field "localhost"; expected one of \#(fields) before ":" (to search for the text, quote it: "localhost:8080")"#),
        ("x:", 1, #"unknown field "x"; expected one of \#(fields) before ":" (to search for the text, quote it: "x:")"#),
        // Quotes.
        (#"body:"refresh"#, 6, #"expected a closing " for the quote opened at column 6, found end of expression"#),
        (#"a "b c"#, 3, #"expected a closing " for the quote opened at column 3, found end of expression"#),
        (#""a\""#, 1, #"expected a closing " for the quote opened at column 1, found end of expression"#),
        // Parentheses.
        ("(a b", 5, #"expected ")" to close the "(" at column 1, found end of expression"#),
        ("((a) b", 7, #"expected ")" to close the "(" at column 1, found end of expression"#),
        ("a)", 2, #"expected a term, "or" or the end of the expression, found ")" with no matching "(""#),
        ("(a) b) c", 6, #"expected a term, "or" or the end of the expression, found ")" with no matching "(""#),
        (")", 1, #"expected a term, found ")" with no matching "(""#),
        ("()", 2, #"expected a term after "(", found ")""#),
        // Dangling and misplaced operators.
        ("a or", 5, #"expected a term after "or", found end of expression"#),
        ("a |", 4, #"expected a term after "|", found end of expression"#),
        ("a and", 6, #"expected a term after "and", found end of expression"#),
        ("a &", 4, #"expected a term after "&", found end of expression"#),
        ("a not", 6, #"expected a term after "not", found end of expression"#),
        ("a -", 4, #"expected a term after "-", found end of expression"#),
        ("!", 2, #"expected a term after "!", found end of expression"#),
        ("a (b or)", 8, #"expected a term after "or", found ")""#),
        ("a or or b", 6, #"expected a term after "or", found "or""#),
        ("a and or b", 7, #"expected a term after "and", found "or""#),
        ("not or", 5, #"expected a term after "not", found "or""#),
        ("or a", 1, #"expected a term before "or", found nothing to its left"#),
        ("OR a", 1, #"expected a term before "OR", found nothing to its left"#),
        ("and a", 1, #"expected a term before "and", found nothing to its left"#),
        ("(| a)", 2, #"expected a term before "|", found nothing to its left"#),
        // mitmproxy aliases.
        ("~m", 3, #"expected a method after "~m", found end of expression"#),
        ("~u ", 4, #"expected URL text after "~u", found end of expression"#),
        ("~m & ~c 200", 4, #"expected a method after "~m", found "&""#),
        ("~h (x)", 4, #"expected header text after "~h", found "(""#),
        ("(~bs)", 5, #"expected body text after "~bs", found ")""#),
        ("~c abc", 4, #"expected a status code like 404 after "~c", found "abc""#),
        ("~c", 3, #"expected a status code like 404 after "~c", found end of expression"#),
        ("~x foo", 1,
         #"unknown mitmproxy operator "~x"; expected one of ~m, ~c, ~d, ~u, ~h, ~hq, ~hs, ~b, ~bq, ~bs, ~e, ~s or ~q"#),
        ("a ~", 3,
         #"unknown mitmproxy operator "~"; expected one of ~m, ~c, ~d, ~u, ~h, ~hq, ~hs, ~b, ~bq, ~bs, ~e, ~s or ~q"#),
        // Columns count characters, not bytes.
        ("héllo ✓ status:x", 16, #"expected a status like 404, 5xx, >=400 or 400-499 after "status:", found "x""#),
    ])
    func invalidExpressionNamesColumnAndExpectation(source: String, column: Int, message: String) {
        #expect {
            try EventFilter(parsing: source)
        } throws: { error in
            guard let error = error as? FilterParseError else { return false }
            #expect(error.column == column, "\(source)")
            #expect(error.message == message, "\(source)")
            return error.column == column && error.message == message
        }
    }

    @Test func nestingIsBoundedSoHostileInputCannotExhaustTheStack() throws {
        let deepest = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(try EventFilter(parsing: deepest) == EventFilter(parsing: "a"))
        #expect(try EventFilter(parsing: String(repeating: "-", count: 99) + "(a)").description
            == String(repeating: "-", count: 99) + "a")

        let tooDeep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
        let error = try #require(throws: FilterParseError.self) { try EventFilter(parsing: tooDeep) }
        #expect(error.description == "column 101: expected at most 100 nested groups and negations, found more")
        let negations = try #require(throws: FilterParseError.self) {
            try EventFilter(parsing: String(repeating: "not ", count: 5_000) + "a")
        }
        #expect(negations.column == 401)
    }

    @Test func errorDescribesItselfWithTheColumn() {
        let error = FilterParseError(column: 8, message: "expected x, found y")
        #expect(error.description == "column 8: expected x, found y")
        #expect(error.errorDescription == "column 8: expected x, found y")
        #expect(error == FilterParseError(column: 8, message: "expected x, found y"))
        #expect(error != FilterParseError(column: 9, message: "expected x, found y"))
    }

    @Test func firstErrorInReadingOrderWins() throws {
        // The bad status comes before the unterminated quote, so it is reported.
        let error = try #require(throws: FilterParseError.self) { try EventFilter(parsing: #"status:x "abc"#) }
        #expect(error.column == 8)
    }

    @Test func typedThrowsNeedNoCast() {
        do {
            _ = try EventFilter(parsing: "(")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"column 2: expected a term after "(", found end of expression"#)
        }
    }
}
