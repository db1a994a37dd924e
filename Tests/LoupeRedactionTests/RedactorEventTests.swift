import Foundation
import LoupeCore
import Testing
@testable import LoupeRedaction

/// Realistic traffic through `NetworkLogger` configured with `.redacting(ruleSet: .builtIn)`:
/// what is stored must hold no secret, must hold the placeholders, must count each hit, and must
/// keep every benign look-alike byte for byte.
@Suite struct RedactorEventTests {
    static let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    /// Every secret planted in the traffic below.
    static let secrets = [
        jwt, "ann@example.com", "ann%40example.com", "Ann.Smith+news@mail.example.co.uk", "hunter2",
        "4111 1111 1111 1111", "+44 20 7946 0958", "k-9f8e7d6c5b4a", "sess-5f2a9c1e77d04b", "rt-0123456789abcdef",
        "DE89 3704 0044 0532 0130 00", "AKIAIOSFODNN7ABCDEFG", "ghp_EXAMPLE0123456789exampleTOKENEXAMPLE",
        "415-555-2671", "cs_live_abcdef0123", "s3cr3t-pw", "bob@example.org",
    ]

    /// Values that look like secrets but are not; every one must survive unchanged.
    static let benign = [
        "550e8400-e29b-41d4-a716-446655440000", "9b2cf535f27731c974343645a3985328",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "2026-01-31T12:00:00.000Z",
        "Sat, 31 Jan 2026 12:00:00 GMT", "loupe/1.2.3", "19.99", "ORD-2026-000123", "api.example.com:8443",
        "W/\\\"5f2a9c1e\\\"", "v2.14.0", "1706702400", "3600",
    ]

    static func loginExchange() -> (NetworkEvent, CapturedResponse) {
        let request = CapturedRequest(
            method: "POST",
            url: "https://api.example.com:8443/v1/users/ann%40example.com/sessions?api_key=k-9f8e7d6c5b4a&locale=en-GB&since=2026-01-31T12:00:00.000Z",
            headers: [
                HTTPHeader(name: "Authorization", value: "Bearer \(jwt)"),
                HTTPHeader(name: "Cookie", value: "session_id=sess-5f2a9c1e77d04b; theme=dark"),
                HTTPHeader(name: "X-Request-ID", value: "550e8400-e29b-41d4-a716-446655440000"),
                HTTPHeader(name: "User-Agent", value: "loupe/1.2.3"),
                HTTPHeader(name: "If-None-Match", value: "W/\"5f2a9c1e\""),
                HTTPHeader(name: "Content-Type", value: "application/json"),
            ],
            body: CapturedBody(contentType: "application/json", text: """
                {"email": "Ann.Smith+news@mail.example.co.uk", "password": "hunter2",
                 "card": {"number": "4111 1111 1111 1111", "exp": "12/29"}, "phone": "+44 20 7946 0958",
                 "order": "ORD-2026-000123", "amount": 19.99, "currency": "EUR", "version": "v2.14.0",
                 "created_at": "2026-01-31T12:00:00.000Z", "id": "550e8400-e29b-41d4-a716-446655440000",
                 "digest": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "ts": 1706702400}
                """))
        let response = CapturedResponse(
            status: 200, reason: "OK",
            headers: [
                HTTPHeader(name: "Set-Cookie", value: "session_id=sess-5f2a9c1e77d04b; Path=/; Expires=Sat, 31 Jan 2026 12:00:00 GMT; HttpOnly"),
                HTTPHeader(name: "ETag", value: "\"9b2cf535f27731c974343645a3985328\""),
                HTTPHeader(name: "Date", value: "Sat, 31 Jan 2026 12:00:00 GMT"),
                HTTPHeader(name: "Location", value: "https://app.example.com/cb?access_token=rt-0123456789abcdef&state=ok"),
                HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8"),
            ],
            body: CapturedBody(contentType: "application/json; charset=utf-8", text: """
                {"access_token": "\(jwt)", "refresh_token": "rt-0123456789abcdef", "expires_in": 3600,
                 "user": {"email": "ann@example.com", "iban": "DE89 3704 0044 0532 0130 00",
                          "aws": {"AccessKeyId": "AKIAIOSFODNN7ABCDEFG"}},
                 "notes": "Ping bob@example.org or 415-555-2671; token ghp_EXAMPLE0123456789exampleTOKENEXAMPLE"}
                """))
        let event = NetworkEvent(source: .apiClient, request: request,
                                 requestID: "550e8400-e29b-41d4-a716-446655440000", attempt: 1)
        return (event, response)
    }

    static func formExchange() -> NetworkEvent {
        NetworkEvent(
            source: .proxyForward, state: .complete,
            request: CapturedRequest(
                method: "POST", url: "https://auth.example.com/oauth/token",
                headers: [HTTPHeader(name: "Authorization", value: "Basic Y2xpZW50OnMzY3IzdC1wdw==")],
                body: CapturedBody(contentType: "application/x-www-form-urlencoded",
                                   text: "grant_type=password&username=ann%40example.com&password=s3cr3t-pw&client_secret=cs_live_abcdef0123&scope=read+write")),
            response: CapturedResponse(status: 401, reason: "Unauthorized",
                                       body: CapturedBody(contentType: "text/plain", text: "bad password for ann@example.com at 2026-01-31T12:00:00.000Z")),
            error: EventError(kind: .http, message: "401 for ann@example.com"))
    }

    static let sseEvents = [
        SSEEvent(type: "message", id: "1", data: #"{"choices":[{"delta":{"content":"Sure, call +44 20 7946 0958"}}]}"#),
        SSEEvent(type: "message", id: "2", data: #"{"choices":[{"delta":{"content":" or mail ann@example.com."}}]}"#),
        SSEEvent(type: "message", id: "3", data: "plain text from bob@example.org"),
        SSEEvent(type: "message", id: "4", data: "[DONE]"),
    ]

    func storedJSON(_ events: [NetworkEvent]) throws -> String {
        String(decoding: try JSONEncoder.loupe().encode(events), as: UTF8.self)
    }

    @Test func storedExchangesHoldNoSecretAndKeepBenignValues() async throws {
        let logger = NetworkLogger(configuration: .redacting(ruleSet: .builtIn))
        let (login, response) = Self.loginExchange()
        let recorded = await logger.record(login)
        await logger.finish(id: recorded.id, response: response)
        await logger.record(Self.formExchange())
        var stream = NetworkEvent(source: .sseClient, request: CapturedRequest(method: "GET", url: "https://api.example.com/v1/chat?stream=true"))
        stream.response = CapturedResponse(status: 200, headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")])
        let streaming = await logger.record(stream)
        for event in Self.sseEvents { await logger.appendSSE(id: streaming.id, event) }
        await logger.finish(id: streaming.id)

        let stored = await logger.snapshot()
        let json = try storedJSON(stored)
        for secret in Self.secrets {
            #expect(!json.contains(secret), "\(secret) was stored")
        }
        for value in Self.benign {
            #expect(json.contains(value), "\(value) did not survive")
        }
        #expect(stored.allSatisfy { $0.redactionCount > 0 })
    }

    @Test func eachCategoryIsReplacedByItsPlaceholderAndCounted() async throws {
        let logger = NetworkLogger(configuration: .redacting(ruleSet: .builtIn))
        let (login, response) = Self.loginExchange()
        let recorded = await logger.record(login)
        await logger.finish(id: recorded.id, response: response)
        let event = try #require(await logger.event(id: recorded.id))

        #expect(event.request.url == "https://api.example.com:8443/v1/users/[REDACTED:email]/sessions?api_key=[REDACTED:query-param]&locale=en-GB&since=2026-01-31T12:00:00.000Z")
        #expect(event.request.headers["authorization"] == "Bearer [REDACTED:bearer-token]")
        // The default rules list `Cookie` as sensitive: every cookie value goes, the names stay.
        #expect(event.request.headers["cookie"] == "session_id=[REDACTED:cookie]; theme=[REDACTED:cookie]")
        #expect(event.response?.headers["set-cookie"] == "session_id=[REDACTED:cookie]; Path=/; Expires=Sat, 31 Jan 2026 12:00:00 GMT; HttpOnly")
        #expect(event.response?.headers["location"] == "https://app.example.com/cb?access_token=[REDACTED:query-param]&state=ok")
        let body = try #require(event.request.body?.text)
        #expect(body.contains(#""email": "[REDACTED:email]""#))
        #expect(body.contains(#""password": "[REDACTED:json-key]""#))
        // The default card rule masks: the last four digits stay readable.
        #expect(body.contains(#""number": "****1111""#))
        #expect(body.contains(#""phone": "[REDACTED:"#))
        let responseBody = try #require(event.response?.body?.text)
        #expect(responseBody.contains(#""access_token": "[REDACTED:json-key]""#))
        #expect(responseBody.contains(#""iban": "[REDACTED:"#))
        #expect(responseBody.contains(#""AccessKeyId": "[REDACTED:aws-access-key-id]""#))
        #expect(responseBody.contains("[REDACTED:github-token]"))

        #expect(event.redactions["email", default: 0] == 4)
        #expect(event.redactions["bearer-token"] == 1)
        #expect(event.redactions["cookie"] == 3)
        #expect(event.redactions["query-param"] == 2)
        #expect(event.redactions["payment-card"] == 1)
        #expect(event.redactions["aws-access-key-id"] == 1)
        #expect(event.redactions["github-token"] == 1)
        // Updates pass the stored event through the redactor again: nothing is counted twice.
        await logger.update(id: recorded.id) { $0.timings.ttfb = 12 }
        #expect(await logger.event(id: recorded.id)?.redactions == event.redactions)
    }

    @Test func formBodiesAndBasicCredentialsAreRedacted() {
        let redactor = Redactor(ruleSet: .builtIn)
        let (event, stable) = redactor.redacted(Self.formExchange())
        #expect(stable)
        #expect(event.request.headers["authorization"] == "Basic [REDACTED:basic-auth]")
        #expect(event.request.body?.text == "grant_type=password&username=[REDACTED:email]&password=[REDACTED:form-field]&client_secret=[REDACTED:form-field]&scope=read+write")
        #expect(event.response?.body?.text == "bad password for [REDACTED:email] at 2026-01-31T12:00:00.000Z")
        #expect(event.error?.message == "401 for [REDACTED:email]")
        #expect(event.redactions == ["basic-auth": 1, "email": 3, "form-field": 2])
    }

    @Test func sseDeltasAreRedactedAsTheyArrive() {
        let redactor = Redactor(ruleSet: .builtIn)
        var results: [SSEEvent] = []
        var total: [String: Int] = [:]
        for var event in Self.sseEvents {
            let hits = redactor.redact(&event)
            results.append(event)
            total.merge(hits, uniquingKeysWith: +)
        }
        #expect(results[0].data.hasPrefix(#"{"choices":[{"delta":{"content":"Sure, call [REDACTED:"#))
        #expect(results[1].data == #"{"choices":[{"delta":{"content":" or mail [REDACTED:email]."}}]}"#)
        #expect(results[2].data == "plain text from [REDACTED:email]")
        #expect(results[3].data == "[DONE]")
        #expect(total["email"] == 2)
        #expect(total.values.reduce(0, +) == 3)
    }

    @Test func everyStyleIsStableOnRealisticEvents() {
        for style in RedactionRule.ReplacementStyle.allCases {
            let redactor = Redactor(ruleSet: .builtIn, style: style, hashKey: RedactionHashKey(bytes: [1]))
            var (event, response) = Self.loginExchange()
            event.response = response
            event.sseEvents = Self.sseEvents
            let (redacted, stable) = redactor.redacted(event)
            #expect(stable, "\(style)")
            #expect(redacted.redactionCount > 10, "\(style)")
            let (form, formStable) = redactor.redacted(Self.formExchange())
            #expect(formStable, "\(style)")
            #expect(form.redactionCount > 0, "\(style)")
        }
    }

    @Test func hashStyleCorrelatesOneTokenAcrossRequests() {
        let redactor = Redactor(ruleSet: .builtIn, style: .hash, hashKey: RedactionHashKey(bytes: [1]))
        var first = NetworkEvent(source: .apiClient, request: CapturedRequest(method: "GET", url: "https://a.example.com/",
            headers: [HTTPHeader(name: "Authorization", value: "Bearer \(Self.jwt)")]))
        var second = first
        second.request.url = "https://a.example.com/other"
        redactor.redact(&first)
        redactor.redact(&second)
        let value = first.request.headers["authorization"] ?? ""
        #expect(value.wholeMatch(of: /Bearer \[bearer-token:[0-9a-f]{8}\]/) != nil)
        #expect(second.request.headers["authorization"] == value)
    }
}
