import PropertyBased
import Testing
@testable import LoupeCore

@Suite struct EventFilterMatchingTests {
    private typealias E = FilterTestEvent

    /// Whether `source` matches `event`; an invalid source fails the test.
    private func matches(_ source: String, _ event: NetworkEvent) throws -> Bool {
        try EventFilter(parsing: source).matches(event)
    }

    @Test func methodIsCaseInsensitiveEqualityWithCommaLists() throws {
        let post = E.make(method: "POST")
        #expect(try matches("method:POST", post))
        #expect(try matches("method:post", post))
        #expect(try !matches("method:GET", post))
        #expect(try !matches("method:POS", post))
        #expect(try matches("method:GET,POST", post))
        #expect(try !matches("method:GET,HEAD", post))
    }

    @Test func statusComparisons() throws {
        let notFound = E.make(status: 404)
        let cases: [(String, Bool)] = [
            ("status:404", true), ("status:403", false), ("status:4xx", true), ("status:5xx", false),
            ("status:>=404", true), ("status:>=405", false), ("status:>403", true), ("status:>404", false),
            ("status:<405", true), ("status:<404", false), ("status:<=404", true), ("status:<=403", false),
            ("status:400-499", true), ("status:404-404", true), ("status:405-499", false),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, notFound) == expected, "\(source)")
        }
    }

    @Test func statusNeverMatchesWithoutResponse() throws {
        let pending = E.make(state: .pending)
        for source in ["status:200", "status:2xx", "status:>=0", "status:<999", "status:0-999"] {
            #expect(try !matches(source, pending), "\(source)")
        }
        #expect(try matches("-status:200", pending))
    }

    @Test func hostMatchesItselfAndSubdomainsOnly() throws {
        let api = E.make(url: "https://API.Example.com:8443/v1")
        #expect(try matches("host:api.example.com", api))
        #expect(try matches("host:example.com", api))
        #expect(try matches("host:com", api))
        #expect(try matches("host:EXAMPLE.COM", api))
        #expect(try !matches("host:xample.com", api))
        #expect(try !matches("host:other.api.example.com", api))
        #expect(try !matches("host:example.com", E.make(url: "https://badexample.com/")))
        #expect(try !matches("host:example", api))
    }

    @Test func hostWildcards() throws {
        let api = E.make(url: "https://api.example.com/v1")
        #expect(try matches("host:*.example.*", api))
        #expect(try matches("host:api.*", api))
        #expect(try matches("host:example.*", api))
        #expect(try matches("host:a*i.example.com", api))
        #expect(try !matches("host:*.example.org", api))
        #expect(try !matches("host:*.api.example.com", api))
        #expect(try !matches("host:*.example.*", E.make(url: "https://example.com/")))
    }

    @Test func hostIgnoresUserinfoPortAndPathAndHandlesOtherURLForms() throws {
        #expect(try matches("host:example.com", E.make(url: "http://user:p@ss@example.com:80/a@b?c=d")))
        #expect(try matches("host:example.com", E.make(url: "example.com:443")))
        #expect(try matches("host:::1", E.make(url: "http://[::1]:8080/x")))
        #expect(try !matches("host:example.com", E.make(url: "/example.com/path")))
        #expect(try matches("host:cdn.test", E.make(url: "//cdn.test/lib.js")))
        #expect(try matches("host:example.com", E.make(url: "HTTPS://example.com")))
    }

    @Test func tunnelEventsUseTheTunnelHost() throws {
        let tunnel = E.make(method: "CONNECT", url: "proxy.local:443", tunnelHost: "secure.example.com",
                            source: .tunnel)
        #expect(try matches("host:example.com", tunnel))
        #expect(try !matches("host:proxy.local", tunnel))
        #expect(try matches("~d secure", tunnel))
    }

    @Test func pathIsACaseSensitivePrefixWithWildcards() throws {
        let event = E.make(url: "https://api.example.com/v2/conversations/c1/messages?limit=20#top")
        let cases: [(String, Bool)] = [
            ("path:/v2", true), ("path:/v2/conversations", true), ("path:/V2", false), ("path:/v3", false),
            ("path:v2", false), ("path:/v*/conversations", true), ("path:/*/messages", true),
            ("path:/*/messages?limit", false), ("path:*c1", true), ("path:/v2/*x", false), ("path:/", true),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, event) == expected, "\(source)")
        }
    }

    @Test func emptyPathIsTheRoot() throws {
        #expect(try matches("path:/", E.make(url: "https://example.com")))
        #expect(try matches("path:/", E.make(url: "https://example.com?q=1")))
        #expect(try !matches("path:/a", E.make(url: "https://example.com")))
        #expect(try matches("path:/a", E.make(url: "/a/b")))
    }

    @Test func pathMatchesPercentEncodedPathsAsWrittenOrDecoded() throws {
        let event = E.make(url: "https://x.test/files/a%20b/caf%C3%A9%2?q=%20")
        #expect(try matches(#"path:"/files/a b""#, event))
        #expect(try matches("path:/files/a%20b", event))
        #expect(try matches("path:/files/*/café", event))
        #expect(try matches("path:/files/*/café%2", event))
        #expect(try !matches(#"path:"/files/a b/café%2?""#, event))
        #expect(try !matches("path:/files/a+b", event))
    }

    @Test(arguments: [
        ("https://user:pw@api.example.com:8443/v1/x?y#z", "api.example.com", "/v1/x"),
        ("http://example.com", "example.com", ""),
        ("http://example.com?q=/x", "example.com", ""),
        ("http://example.com#/x", "example.com", ""),
        ("example.com:443", "example.com", ""),
        ("/only/path?q", "", "/only/path"),
        ("//cdn.test/lib.js", "cdn.test", "/lib.js"),
        ("http://[2001:db8::1]:80/p", "2001:db8::1", "/p"),
        ("HTTPS://Example.COM:80", "Example.COM", ""),
        ("", "", ""),
    ])
    func urlSplitterFindsHostAndPath(url: String, host: String, path: String) {
        var url = url
        url.withUTF8 { bytes in
            let parts = FilterURLParts(bytes)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.host]), as: UTF8.self) == host)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.path]), as: UTF8.self) == path)
        }
    }

    @Test func durationComparesTotalMillisecondsWithUnits() throws {
        let slow = E.make(total: 1500)
        let cases: [(String, Bool)] = [
            ("dur:>500ms", true), ("dur:<2s", true), ("dur:>=1.5s", true), ("dur:>1.5s", false),
            ("dur:100ms-1s", false), ("dur:1s-2s", true), ("dur:1500", true), ("dur:<1m", true),
            ("dur:>0.02m", true), ("dur:>1500000us", false), ("dur:>=1500000us", true), ("dur:1.5S", true),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, slow) == expected, "\(source)")
        }
    }

    @Test func durationNeverMatchesUnfinishedEvents() throws {
        let running = E.make(total: nil, state: .streaming)
        #expect(try !matches("dur:>0ms", running))
        #expect(try !matches("dur:<1m", running))
    }

    @Test func sizeComparesResponseOriginalSizeWithUnits() throws {
        let big = E.make(status: 200, responseBody: E.body("{}", originalSize: 20 * 1024))
        let cases: [(String, Bool)] = [
            ("size:>10kb", true), ("size:<1mb", true), ("size:>20kb", false), ("size:>=20kb", true),
            ("size:20480", true), ("size:20480b", true), ("size:0.01mb-0.02mb", true), ("size:>0.5MB", false),
            ("size:<1gb", true), ("size:19.5kb-20kb", true),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, big) == expected, "\(source)")
        }
    }

    @Test func sizeIsZeroWithoutAResponseBody() throws {
        let bare = E.make(requestBody: String(repeating: "x", count: 5000), status: 204)
        #expect(try matches("size:0", bare))
        #expect(try matches("size:<1kb", bare))
        #expect(try !matches("size:>0", bare))
        #expect(try matches("size:0", E.make()))
    }

    @Test func kindSeparatesStreamsTunnelsAndPlainHTTP() throws {
        let plain = E.make(status: 200, responseBody: E.body("{}"))
        let streamByType = E.make(status: 200, responseBody: E.body("", contentType: "Text/Event-Stream; charset=utf-8"))
        let streamByEvents = E.make(status: 200, sse: ["hi"])
        let tunnel = E.make(tunnelHost: "x.test", source: .tunnel)
        #expect(try matches("kind:http", plain))
        #expect(try !matches("kind:sse", plain))
        #expect(try !matches("kind:tunnel", plain))
        for stream in [streamByType, streamByEvents] {
            #expect(try matches("kind:sse", stream))
            #expect(try !matches("kind:http", stream))
        }
        #expect(try matches("kind:tunnel", tunnel))
        #expect(try !matches("kind:http", tunnel))
        #expect(try matches("kind:tunnel", E.make(source: .tunnel)))
    }

    @Test func webSocketTermsReadTheMessagesOfAConnection() throws {
        var socket = E.make(status: 101)
        socket.webSocket = WebSocketLog(messages: [
            WebSocketMessage(direction: .up, opcode: .text, size: 11, text: "hello there"),
            WebSocketMessage(direction: .up, opcode: .binary, size: 3, sha256: "ab"),
        ])
        let opened = { var event = E.make(status: 101); event.webSocket = WebSocketLog(); return event }()
        #expect(try matches("kind:ws", socket))
        #expect(try matches("kind:ws", opened))
        #expect(try !matches("kind:http", socket))
        #expect(try !matches("kind:ws", E.make(status: 200)))
        #expect(try matches(#"ws:"HELLO there""#, socket))
        #expect(try matches("hello", socket))  // free text reads messages too
        #expect(try !matches("ws:goodbye", socket))
        #expect(try !matches("ws:hello", E.make(status: 200)))
        #expect(try matches("ws.dir:up", socket))
        #expect(try matches("WS.DIR:UP", socket))
        #expect(try !matches("ws.dir:down", socket))
        #expect(try !matches("ws.dir:down", opened))
        #expect(try EventFilter(parsing: #"ws.dir:down ws:"a b""#).description == #"ws.dir:down ws:"a b""#)
        #expect(throws: FilterParseError.self) { try EventFilter(parsing: "ws.dir:sideways") }
        // A dotted word that names no field stays free text.
        #expect(try matches("api.example.com:8080", E.make(url: "https://api.example.com:8080/x")))
    }

    @Test func kindGRPCFindsCallsByContentTypeOrByMessagesSeen() throws {
        var byType = E.make(status: 200)
        byType.request.headers = [HTTPHeader(name: "Content-Type", value: "application/grpc+proto")]
        var byLog = E.make(status: 200)
        byLog.grpc = GRPCLog(messages: [GRPCMessage(direction: .up, size: 3, compressed: false, sha256: "ab")], status: 0)
        for call in [byType, byLog] {
            #expect(try matches("kind:grpc", call))
            #expect(try !matches("kind:http", call))
        }
        #expect(try !matches("kind:grpc", E.make(status: 200)))
        #expect(try matches("kind:http", E.make(status: 200)))
    }

    @Test func kindSSEAgreesWithTheModelsEventStreamFlag() throws {
        let filter = try EventFilter(parsing: "kind:sse")
        let events = [
            E.make(), E.make(status: 200), E.make(status: 200, responseBody: E.body("x", contentType: "text/plain")),
            E.make(status: 200, responseBody: E.body("x", contentType: "TEXT/EVENT-STREAM")),
            E.make(status: 200, responseBody: E.body("x", contentType: "text/event")), E.make(sse: ["a"]),
        ]
        for event in events {
            #expect(filter.matches(event) == event.isEventStream)
        }
    }

    @Test func hasProperties() throws {
        let empty = E.make(state: .pending)
        let full = E.make(requestBody: "{}", status: 500, sse: ["x"], error: "boom", redactions: ["email": 2])
        for property in ["error", "redaction", "response", "body", "sse"] {
            #expect(try matches("has:\(property)", full), "\(property)")
            #expect(try !matches("has:\(property)", empty), "\(property)")
        }
        #expect(try !matches("has:redaction", E.make(redactions: ["email": 0])))
        #expect(try matches("has:body", E.make(status: 200, responseBody: E.body("ok"))))
        #expect(try !matches("has:body", E.make(requestBody: "")))
        #expect(try matches("has:body", E.make(status: 200, responseBody: CapturedBody(
            contentType: "image/png", originalSize: 10, omitted: .init(reason: .binary)))))
    }

    @Test func ruleMatchesIdsAndDashPrefixes() throws {
        let event = E.make(redactions: ["aws-access-key-id": 1, "email": 3, "jwt": 0])
        let cases: [(String, Bool)] = [
            ("rule:email", true), ("rule:EMAIL", true), ("rule:aws", true), ("rule:aws-access", true),
            ("rule:aws-access-key-id", true), ("rule:aw", false), ("rule:access", false), ("rule:mail", false),
            ("rule:jwt", false), ("rule:aws-*", true), ("rule:*key*", true), ("rule:e*l", true), ("rule:*", true),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, event) == expected, "\(source)")
        }
        #expect(try !matches("rule:*", E.make()))
    }

    @Test func headerNameAndValue() throws {
        let event = E.make(requestHeaders: [("X-Request-ID", "ABC-123")], status: 200,
                           responseHeaders: [("Content-Type", "application/json; charset=utf-8")])
        let cases: [(String, Bool)] = [
            ("header:x-request-id", true), ("header:X-REQUEST-ID", true), ("header:content-type", true),
            ("header:x-request", false), ("header:x-request-id=abc", true), ("header:x-request-id=123", true),
            ("header:x-request-id=xyz", false), ("header:content-type=JSON", true),
            (#"header:"content-type=json; charset""#, true), ("header:accept=json", false),
            ("header:x-request-id=content", false),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, event) == expected, "\(source)")
        }
    }

    @Test func bodySearchesRequestResponseAndSSEData() throws {
        #expect(try matches(#"body:"refresh_token""#, E.make(requestBody: #"{"Refresh_Token":"x"}"#)))
        #expect(try matches("body:token", E.make(status: 200, responseBody: E.body("a TOKEN b"))))
        #expect(try matches("body:delta", E.make(status: 200, sse: ["x", #"{"delta":"y"}"#])))
        #expect(try !matches("body:token", E.make(url: "https://x.test/token", requestHeaders: [("token", "token")])))
        #expect(try !matches("body:x", E.make(status: 200, responseBody: CapturedBody(
            contentType: "image/png", originalSize: 10, omitted: .init(reason: .binary)))))
    }

    @Test func stateAndSource() throws {
        let event = E.make(state: .streaming, source: .proxyForward)
        #expect(try matches("state:streaming", event))
        #expect(try !matches("state:complete", event))
        #expect(try matches("source:proxy-forward", event))
        #expect(try !matches("source:proxy-reverse", event))
        #expect(try matches("state:failed", E.make(state: .failed)))
        #expect(try matches("state:pending", E.make(state: .pending)))
        #expect(try matches("source:apiClient", E.make(source: .apiClient)))
        #expect(try matches("source:sseclient", E.make(source: .sseClient)))
    }

    @Test func freeTextSearchesEveryTextualPart() throws {
        let places: [(String, NetworkEvent)] = [
            ("url", E.make(url: "https://x.test/needle")),
            ("method", E.make(method: "NEEDLE")),
            ("request header name", E.make(requestHeaders: [("X-Needle", "v")])),
            ("request header value", E.make(requestHeaders: [("X", "a needle")])),
            ("response header value", E.make(status: 200, responseHeaders: [("X", "needle")])),
            ("request body", E.make(requestBody: "needle")),
            ("response body", E.make(status: 200, responseBody: E.body("needle"))),
            ("sse data", E.make(sse: ["needle"])),
            ("error message", E.make(error: "needle failed")),
        ]
        for (place, event) in places {
            #expect(try matches("NeEdLe", event), "\(place)")
            #expect(try matches(#""needle""#, event), "\(place)")
        }
        #expect(try !matches("needle", E.make(requestID: "needle")))
        #expect(try !matches("needle", E.make()))
    }

    @Test func quotedFreeTextMatchesPhrases() throws {
        let event = E.make(error: "Connection refused by peer")
        #expect(try matches(#""refused by""#, event))
        #expect(try !matches(#""refused peer""#, event))
        #expect(try matches("refused peer", event))
    }

    @Test func nonASCIITextIsCaseInsensitive() throws {
        let event = E.make(requestBody: #"{"text":"héllo Straße"}"#)
        #expect(try matches("HÉLLO", event))
        #expect(try matches("body:straße", event))
        #expect(try !matches("hëllo", event))
    }

    @Test func byteSearchAgreesWithANaiveSearch() async {
        // A small alphabet with both cases makes matches, near misses and word-boundary cases common.
        let text = Gen.element(of: Array("aAbB-é")).compactMap { $0 }.array(of: 0...40).map { String($0) }
        let needle = Gen.element(of: Array("aAbB-")).compactMap { $0 }.array(of: 0...4).map { String($0) }
        await propertyCheck(count: 500, input: text, needle) { haystack, needle in
            let folded = FilterBytes.folded(needle)
            let found = folded.withUnsafeBufferPointer { needleBytes in
                FilterBytes.withBytes(of: haystack) { FilterBytes.contains($0, foldedNeedle: needleBytes) }
            }
            let expected = needle.isEmpty || haystack.lowercased().contains(needle.lowercased())
            #expect(found == expected, "\(needle) in \(haystack)")
        }
    }

    @Test func freeTextFindsNeedlesAtEveryOffsetOfLongText() throws {
        let filter = try EventFilter(parsing: "NeedLe")
        for offset in 0..<24 {
            let text = String(repeating: "x", count: offset) + "nEEDle" + String(repeating: "y", count: offset % 5)
            #expect(filter.matches(E.make(requestBody: text)), "\(offset)")
            let cut = String(repeating: "x", count: offset) + "nEEDl"
            #expect(!filter.matches(E.make(requestBody: cut)), "\(offset)")
        }
    }

    @Test func negationInvertsTermsAndGroups() throws {
        let ok = E.make(method: "GET", status: 200)
        #expect(try !matches("-status:200", ok))
        #expect(try matches("-status:404", ok))
        #expect(try matches("not method:POST", ok))
        #expect(try !matches("!(method:GET or method:POST)", ok))
        #expect(try matches("--status:200", ok))
    }

    @Test func andOrPrecedenceAndGrouping() throws {
        let get200 = E.make(method: "GET", status: 200)
        // a or b c = a or (b and c): true or (false and ...) is true.
        #expect(try matches("method:GET or method:POST status:500", get200))
        #expect(try !matches("(method:GET or method:POST) status:500", get200))
        #expect(try !matches("method:GET status:500", get200))
        #expect(try matches("method:POST or status:200", get200))
        #expect(try !matches("method:POST or status:500", get200))
        #expect(try matches("method:GET and (status:500 or status:200)", get200))
        #expect(try matches("method:get & status:2xx | has:error", get200))
    }

    @Test func mitmproxySubstringAliases() throws {
        let event = E.make(method: "POST", url: "https://api.example.com/v1/chat?q=1",
                           requestHeaders: [("Authorization", "Bearer x")], requestBody: "hello request",
                           status: 201, responseHeaders: [("Content-Type", "application/json")],
                           responseBody: E.body("response text"), sse: ["stream data"])
        let cases: [(String, Bool)] = [
            ("~m pos", true), ("~m get", false), ("~c 201", true), ("~c 200", false),
            ("~d example", true), ("~d v1", false), ("~u chat?q", true), ("~u nothere", false),
            ("~h authorization", true), (#"~h "content-type: app""#, true), (#"~h "type:app""#, false),
            ("~hq bearer", true), ("~hq json", false), ("~hs json", true), ("~hs bearer", false),
            ("~b request", true), ("~b text", true), ("~b stream", true), ("~b example", false),
            ("~bq request", true), ("~bq response", false), ("~bs response", true), ("~bs stream", true),
            ("~bs hello", false), ("~e", false), ("~s", true), ("~q", false),
        ]
        for (source, expected) in cases {
            #expect(try matches(source, event) == expected, "\(source)")
        }
    }

    @Test func mitmproxyArglessAliases() throws {
        let pending = E.make(state: .pending)
        let failed = E.make(error: "timeout", state: .failed)
        #expect(try matches("~q", pending))
        #expect(try !matches("~s", pending))
        #expect(try matches("~e", failed))
        #expect(try !matches("~e", pending))
    }

    @Test func mitmproxyAliasesCombineWithBangAmpersandPipe() throws {
        let post500 = E.make(method: "POST", status: 500)
        #expect(try matches("~m POST & !~c 200", post500))
        #expect(try !matches("~m POST & !~c 500", post500))
        #expect(try matches("~m GET | ~c 500", post500))
        #expect(try !matches("!(~m GET | ~c 500)", post500))
        #expect(try matches("~m post status:5xx", post500))
    }

    @Test func filteringOneHundredThousandEventsCountsMatches() throws {
        // Ten templates repeated: every tenth event is a failed POST to the chat host.
        let templates: [NetworkEvent] = (0..<10).map { (index: Int) -> NetworkEvent in
            let isChat = index == 3
            let url = isChat ? "https://chat.example.com/v1/messages" : "https://cdn.example.org/assets/\(index).js"
            return E.make(method: isChat ? "POST" : "GET", url: url,
                          requestHeaders: [("Accept", "*/*"), ("User-Agent", "loupe-test")],
                          status: isChat ? 503 : 200,
                          responseBody: E.body(String(repeating: "payload ", count: 20)),
                          total: Double(index) * 100)
        }
        let events = (0..<100_000).map { templates[$0 % templates.count] }
        let filter = try EventFilter(parsing: #"method:POST host:example.com status:5xx -"payload x" dur:>=300ms"#)
        #expect(events.lazy.filter(filter.matches).count == 10_000)
    }
}
