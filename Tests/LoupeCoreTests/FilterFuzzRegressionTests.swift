import Testing
import LoupeCore

/// Inputs the filter-language fuzzer (Fuzz/Sources/FuzzFilter) found: a filter's canonical form
/// must parse back to the same filter.
@Suite struct FilterFuzzRegressionTests {
    @Test(arguments: [
        "\u{0596}stt:Unot\0\0\0\0/so",  // the fuzzer's input: free text that starts with a combining mark
        "\u{0596}s:U",
        "-\u{0301}x",                   // a combining mark after an operator character
        "body:\"\u{0301}a b\"",
        "~u \"\u{0301}\"",
    ])
    func textStartingWithACombiningMarkRendersToAFormThatParsesBackToTheSameFilter(_ source: String) throws {
        // Rendered in quotes, the mark used to join the opening quote into one Character, which
        // the lexer then did not see as a quote.
        let filter = try EventFilter(parsing: source)
        let reparsed = try EventFilter(parsing: filter.description)
        #expect(reparsed == filter, "\(source.debugDescription) → \(filter.description.debugDescription)")
        #expect(reparsed.description == filter.description)
    }

    @Test func aQuoteFollowedByACombiningMarkStillOpensAQuotedValue() throws {
        let filter = try EventFilter(parsing: "body:\"\u{0301}a b\" status:200")
        #expect(filter.description == "body:\"\u{0301}a b\" status:200")
    }
}
