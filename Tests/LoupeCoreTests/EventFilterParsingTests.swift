import PropertyBased
import Testing
@testable import LoupeCore

@Suite struct EventFilterParsingTests {
    private func parse(_ source: String) throws -> EventFilter {
        try EventFilter(parsing: source)
    }

    @Test(arguments: ["", "   ", "\t\n "])
    func blankExpressionMatchesEverything(source: String) throws {
        let filter = try parse(source)
        #expect(filter == .all)
        #expect(filter.matchesEverything)
        #expect(filter.description == "")
        #expect(filter.source == source)
        #expect(filter.matches(FilterTestEvent.make()))
    }

    @Test func allIsTheEmptyFilter() throws {
        #expect(EventFilter.all.source == "")
        #expect(EventFilter.all.matchesEverything)
        #expect(try !parse("a").matchesEverything)
    }

    @Test func sourceIsKeptVerbatim() throws {
        #expect(try parse("  Method:get   OR x ").source == "  Method:get   OR x ")
    }

    @Test func orBindsLooserThanJuxtaposition() throws {
        let filter = try parse("a or b c")
        #expect(filter == (try parse("a or (b c)")))
        #expect(filter != (try parse("(a or b) c")))
        #expect(filter.description == "a or b c")
        #expect(try parse("(a or b) c").description == "(a or b) c")
        #expect(try parse("a b or c").description == "a b or c")
    }

    @Test func andIsJuxtapositionAndOrKeywordOrAmpersand() throws {
        let expected = try parse("a b")
        for source in ["a and b", "a AND b", "a And b", "a & b", "(a)(b)"] {
            #expect(try parse(source) == expected, "\(source)")
        }
    }

    @Test func orKeywordIsCaseInsensitiveAndPipeIsAnAlias() throws {
        let expected = try parse("a or b")
        #expect(try parse("a OR b") == expected)
        #expect(try parse("a | b") == expected)
        #expect(try parse("a Or b").description == "a or b")
    }

    @Test func negationHasFourSpellings() throws {
        let expected = try parse("-a")
        for source in ["not a", "NOT a", "!a", "! a", "- a", "-a"] {
            #expect(try parse(source) == expected, "\(source)")
        }
        #expect(expected.description == "-a")
    }

    @Test func negationAppliesToOneTermOrAGroup() throws {
        #expect(try parse("-a b").description == "-a b")
        #expect(try parse("-(a b)").description == "-(a b)")
        #expect(try parse("not (a or b) c").description == "-(a or b) c")
        #expect(try parse("--a").description == "--a")
        #expect(try parse("--a") != (try parse("a")))
    }

    @Test func nestedGroupsOfTheSameOperatorFlatten() throws {
        #expect(try parse("a (b c)") == (try parse("a b c")))
        #expect(try parse("a or (b or c)") == (try parse("a or b or c")))
        #expect(try parse("((a))") == (try parse("a")))
        #expect(try parse("a (b or c)").description == "a (b or c)")
    }

    @Test func ampersandAndPipeInsideWordsAreText() throws {
        let filter = try parse("limit=20&offset=5")
        #expect(filter.description == "limit=20&offset=5")
        #expect(try parse("a|b").description == "a|b")
        #expect(filter.matches(FilterTestEvent.make(url: "https://x.test/?limit=20&offset=5")))
    }

    @Test func quotedTextKeepsSpacesAndEscapes() throws {
        let filter = try parse(#""say \"hi\" \\ok""#)
        #expect(filter.description == #""say \"hi\" \\ok""#)
        #expect(filter.matches(FilterTestEvent.make(requestBody: #"they say "hi" \ok"#)))
        #expect(!filter.matches(FilterTestEvent.make(requestBody: "say hi ok")))
    }

    @Test func otherBackslashesStayLiteral() throws {
        let filter = try parse(#""C:\temp""#)
        #expect(filter.matches(FilterTestEvent.make(requestBody: #"path C:\temp\x"#)))
    }

    @Test func quotedKeywordsAndOperatorsAreText() throws {
        #expect(try parse(#""or""#).description == #""or""#)
        #expect(try parse(#""-a""#) != (try parse("-a")))
        #expect(try parse(#""method:POST""#).description == #""method:post""#)
        #expect(try parse(#""~e""#) != (try parse("~e")))
    }

    @Test func quotedFieldValuesMayBeGluedAnywhere() throws {
        let expected = try parse(#"header:"x-a=b c""#)
        #expect(try parse(#"header:x-a="b c""#) == expected)
        #expect(expected.description == #"header:"x-a=b c""#)
        #expect(try parse(#"path:"/a b""#).description == #"path:"/a b""#)
        #expect(try parse(#"body:"refresh_token""#).description == "body:refresh_token")
    }

    @Test func fieldNamesAndEnumeratedValuesAreCaseInsensitive() throws {
        #expect(try parse("METHOD:get") == (try parse("method:GET")))
        #expect(try parse("Kind:SSE") == (try parse("kind:sse")))
        #expect(try parse("state:Complete") == (try parse("state:complete")))
        #expect(try parse("source:PROXY-FORWARD").description == "source:proxy-forward")
        #expect(try parse("source:apiclient").description == "source:apiClient")
    }

    @Test func urlsAreFreeTextNotFields() throws {
        let filter = try parse("https://api.example.com/x")
        #expect(filter.description == #""https://api.example.com/x""#)
        #expect(filter.matches(FilterTestEvent.make(url: "https://api.example.com/x/y")))
    }

    @Test func equivalentNumbersParseToEqualFilters() throws {
        #expect(try parse("dur:>1.5s") == (try parse("dur:>1500ms")))
        #expect(try parse("dur:<1m") == (try parse("dur:<60s")))
        #expect(try parse("dur:1000us") == (try parse("dur:1")))
        #expect(try parse("size:1kb") == (try parse("size:1024")))
        #expect(try parse("size:1.5mb") == (try parse("size:1536kb")))
        #expect(try parse("size:<2GB") == (try parse("size:<2048mb")))
        #expect(try parse("status:500-599") == (try parse("status:5xx")))
        #expect(try parse("status:5XX") == (try parse("status:5xx")))
    }

    @Test func mitmproxyAliasesLowerToNativeTerms() throws {
        #expect(try parse("~c 404") == (try parse("status:404")))
        #expect(try parse("~e") == (try parse("has:error")))
        #expect(try parse("~s") == (try parse("has:response")))
        #expect(try parse("~q") == (try parse("-has:response")))
        #expect(try parse("~M GET").description == "~m get")
    }

    @Test func mitmproxyOperatorsCombineWithBangAmpersandPipe() throws {
        #expect(try parse("~m POST & !~c 200").description == "~m post -status:200")
        #expect(try parse("~d example | ~e").description == "~d example or has:error")
        #expect(try parse("!(~bq token | ~bs token)").description == "-(~bq token or ~bs token)")
    }

    @Test func aliasArgumentIsTakenLiterally() throws {
        #expect(try parse("~u -v2").description == "~u -v2")
        #expect(try parse("~u !x").description == "~u !x")
        #expect(try parse("~u or").description == "~u or")
        #expect(try parse("~h content-type:json").description == "~h content-type:json")
        #expect(try parse(#"~b "a b""#).description == #"~b "a b""#)
        #expect(try parse("~u -v2") != (try parse("~u v2")))
    }

    @Test(arguments: [
        ("method:get,Post", "method:GET,POST"),
        ("status:404", "status:404"),
        ("status:>=400", "status:>=400"),
        ("status:>400", "status:>400"),
        ("status:<300", "status:<300"),
        ("status:<=299", "status:<=299"),
        ("status:400-499", "status:4xx"),
        ("status:400-450", "status:400-450"),
        ("host:API.Example.com", "host:api.example.com"),
        ("host:*.example.*", "host:*.example.*"),
        ("path:/Conversations", "path:/Conversations"),
        ("dur:>500ms", "dur:>500ms"),
        ("dur:<2s", "dur:<2s"),
        ("dur:>=1.5s", "dur:>=1500ms"),
        ("dur:100ms-1s", "dur:100ms-1s"),
        ("dur:2", "dur:2ms"),
        ("dur:>0.5ms", "dur:>0.5ms"),
        ("dur:>1us", "dur:>0.001ms"),
        ("dur:>0.01us", "dur:>0.00001ms"),
        ("dur:<3m", "dur:<3m"),
        ("size:>10kb", "size:>10kb"),
        ("size:<1mb", "size:<1mb"),
        ("size:1.5mb", "size:1536kb"),
        ("size:100", "size:100b"),
        ("size:>0.5b", "size:>0.5b"),
        ("size:1gb-2gb", "size:1gb-2gb"),
        ("kind:tunnel", "kind:tunnel"),
        ("has:redaction", "has:redaction"),
        ("rule:AWS", "rule:aws"),
        ("header:X-Request-ID", "header:x-request-id"),
        ("header:X-Request-ID=", "header:x-request-id"),
        ("header:a=B=c", "header:a=b=c"),
        ("body:Refresh_Token", "body:refresh_token"),
        ("state:streaming", "state:streaming"),
        ("source:tunnel", "source:tunnel"),
        ("Hello", "hello"),
        (#""free text""#, #""free text""#),
        (#""""#, #""""#),
        (#""a:b""#, #""a:b""#),
        ("~hq Auth", "~hq auth"),
        ("a AND (b OR c) NOT d", "a (b or c) -d"),
    ])
    func descriptionIsCanonical(source: String, expected: String) throws {
        #expect(try parse(source).description == expected)
    }

    @Test(arguments: [
        "method:POST status:5xx status:>=400 host:api.example.com path:/conversations",
        "dur:>500ms size:>10kb kind:sse has:error has:redaction rule:email",
        #"header:x-request-id body:"refresh_token" "free text" -status:200"#,
        "a or b c or (d e -(f or g))",
        "~m POST & !~c 200 | ~d example ~u /v1 ~h accept ~hq a ~hs b ~b c ~bq d ~bs e ~e ~s ~q",
        #"header:"x-a=b c" path:"/a b" "say \"hi\" \\ok" "or" "-x" "~m" "a:b" "(" ")""#,
        "dur:>=0.0001us size:0.1b-0.2b dur:1.25m status:<=100 status:900-999",
        "-(-a) not not b !(!c)",
        #"héllo "ÜBER" body:Straße"#,
        "host:*.x.* path:/v*/m rule:aws-* method:GET,HEAD,options",
    ])
    func descriptionParsesBackToAnEqualFilter(source: String) throws {
        let filter = try parse(source)
        let reparsed = try parse(filter.description)
        #expect(reparsed == filter, "\(filter.description)")
        #expect(reparsed.description == filter.description)
    }

    @Test func equalFiltersHashEqually() throws {
        let set: Set<EventFilter> = [try parse("a  b"), try parse("a and b"), try parse("(a) & (b)")]
        #expect(set.count == 1)
    }

    /// Expressions assembled from fragments either parse, rendering a description that parses
    /// back to an equal filter, or fail with a column inside the expression.
    @Test func randomExpressionsRoundTripOrFailInsideTheText() async {
        let fragments = [
            "a", "B", "(", ")", "or", "and", "not", "-", "!", "&", "|", "\"", "\"x y\"", "\\", "status:",
            "status:5xx", "404", ">=", "host:", "*.a", "path:/", "dur:", "1.5s", "size:", "kb", "-",
            "kind:sse", "has:", "error", "rule:aws", "header:x=", "body:", "~m", "~c", "~e", "~x", "~q",
            "method:GET,", "é", ":", "//", "x:", "http://h/p", "state:", "source:tunnel", "\t",
        ]
        let generator = Gen.int(in: 0...(fragments.count - 1)).array(of: 0...8)
            .map { indices in indices.map { fragments[$0] } }
        await propertyCheck(count: 400, input: generator, Gen.bool.array(of: 8...8)) { parts, spacing in
            var source = ""
            for (index, part) in parts.enumerated() {
                source += part + (spacing[index % spacing.count] ? " " : "")
            }
            do throws(FilterParseError) {
                let filter = try EventFilter(parsing: source)
                let reparsed = try EventFilter(parsing: filter.description)
                #expect(reparsed == filter, "\(source) → \(filter.description)")
            } catch {
                #expect((1...(source.count + 1)).contains(error.column), "\(source): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }
}
