import Testing
@testable import LoupeRedaction

/// Structural redaction by name: headers, cookies, query parameters, form fields, URL userinfo.
@Suite struct RedactorStructuralTests {
    let redactor = RedactorTestRules.redactor()

    // MARK: Headers

    @Test func authorizationKeepsItsSchemeAndCountsUnderTheSchemeRule() {
        #expect(redactor.header("Authorization", "Bearer abc.def.ghi") == ("Bearer [REDACTED:bearer-token]", ["bearer-token": 1]))
        // No rule is named after Basic in the test rules: the scheme itself is the id.
        #expect(redactor.header("authorization", "Basic dXNlcjpwYXNz") == ("Basic [REDACTED:basic]", ["basic": 1]))
        #expect(redactor.header("Proxy-Authorization", "  Digest  username=\"a\", response=\"b\" ")
            == ("  Digest  [REDACTED:digest] ", ["digest": 1]))
    }

    @Test func authorizationWithoutSchemeIsReplacedWhole() {
        #expect(redactor.header("Authorization", "s3cr3t-api-key") == ("[REDACTED:header]", ["header": 1]))
    }

    @Test func authorizationIsAlwaysSensitiveEvenWithoutStructuralRules() {
        let bare = Redactor(ruleSet: RuleSet(rules: [], structural: StructuralRules(), sha256: "", id: "empty"))
        #expect(bare.header("AUTHORIZATION", "Token abc").0 == "Token [REDACTED:token]")
    }

    @Test func listedHeadersAreReplacedWholeAndOthersOnlyByPatterns() {
        #expect(redactor.header("X-API-Key", "k-123") == ("[REDACTED:header]", ["header": 1]))
        #expect(redactor.header("X-Forwarded-For", "ann@example.com") == ("[REDACTED:email]", ["email": 1]))
        #expect(redactor.header("Content-Type", "application/json; charset=utf-8").1.isEmpty)
        #expect(redactor.header("ETag", #"W/"9b2cf535f27731c974343645a3985328""#).1.isEmpty)
        #expect(redactor.header("Date", "Tue, 15 Nov 1994 08:12:31 GMT").1.isEmpty)
    }

    @Test func headerURLsGetQueryRules() {
        let (value, counts) = redactor.header("Location", "https://app.example.com/cb?code=x&token=abc123#state=1")
        #expect(value == "https://app.example.com/cb?code=x&token=[REDACTED:query-param]#state=1")
        #expect(counts == ["query-param": 1])
    }

    @Test func cookieValuesOfListedCookiesAreReplacedNamesKept() {
        let (value, counts) = redactor.header("Cookie", "theme=dark; session=abc123; sid=\"q1w2\"; lang=en")
        #expect(value == "theme=dark; session=[REDACTED:cookie]; sid=[REDACTED:cookie]; lang=en")
        #expect(counts == ["cookie": 2])
    }

    @Test func setCookieKeepsAttributes() {
        let (value, counts) = redactor.header(
            "Set-Cookie", "session=abc123; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure")
        #expect(value == "session=[REDACTED:cookie]; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure")
        #expect(counts == ["cookie": 1])
        #expect(redactor.header("Set-Cookie", "theme=dark; Path=/").1.isEmpty)
    }

    @Test func everyCookieIsSensitiveWhenTheCookieHeaderIsListed() {
        let rules = RuleSet.forTesting("[structural]\nheaders = [\"Cookie\"]\n")
        let redactor = Redactor(ruleSet: rules)
        #expect(redactor.header("Cookie", "a=1; b=2") == ("a=[REDACTED:cookie]; b=[REDACTED:cookie]", ["cookie": 2]))
        #expect(redactor.header("Set-Cookie", "a=1; Path=/").1.isEmpty)
    }

    @Test func cookieValuesArePercentDecodedForPatterns() {
        #expect(redactor.header("Cookie", "theme=dark; who=ann%40example.com") == ("theme=dark; who=[REDACTED:email]", ["email": 1]))
    }

    // MARK: URLs

    @Test func sensitiveQueryParametersAreReplacedCaseInsensitively() {
        let (url, counts) = redactor.url("https://api.example.com/v1/items?limit=20&TOKEN=abc&Api-Key=k9&page=2")
        #expect(url == "https://api.example.com/v1/items?limit=20&TOKEN=[REDACTED:query-param]&Api-Key=[REDACTED:query-param]&page=2")
        #expect(counts == ["query-param": 2])
    }

    @Test func percentEncodedSecretsAreFoundAndTheRestKeepsItsEncoding() {
        let (url, counts) = redactor.url("https://api.example.com/users/ann%40example.com/orders?q=caf%C3%A9&to=bob%2Btag%40mail.example.org")
        #expect(url == "https://api.example.com/users/[REDACTED:email]/orders?q=caf%C3%A9&to=[REDACTED:email]")
        #expect(counts == ["email": 2])
    }

    @Test func plusAsSpaceIsAlsoTriedInQueries() {
        // Form-encoded spaces split a card number into groups; the second reading finds it.
        let (url, counts) = redactor.url("/pay?card=4111+1111+1111+1111&note=hi")
        #expect(url == "/pay?card=[REDACTED:payment-card]&note=hi")
        #expect(counts == ["payment-card": 1])
    }

    @Test func userinfoPasswordIsReplacedAndTheUserKept() {
        let (url, counts) = redactor.url("postgres://admin:hunter2@db.internal:5432/app")
        #expect(url == "postgres://admin:[REDACTED:url-userinfo]@db.internal:5432/app")
        #expect(counts == ["url-userinfo": 1])
        #expect(redactor.url("https://ann@example.com/").0 == "https://[REDACTED:email]/")
    }

    @Test func fragmentParametersAreTreatedAsAQuery() {
        let (url, counts) = redactor.url("https://app.example.com/cb#token=abc&state=xyz")
        #expect(url == "https://app.example.com/cb#token=[REDACTED:query-param]&state=xyz")
        #expect(counts == ["query-param": 1])
    }

    @Test func benignURLsSurvive() {
        for url in ["https://api.example.com:8443/v2/orders/A-10023?since=2026-01-31T12:00:00Z&sort=-price",
                    "/v1/objects/550e8400-e29b-41d4-a716-446655440000?version=1.2.3",
                    "https://cdn.example.com/app.9b2cf535f27731c9.js", "", "not a url at all", "http://[::1]:8080/"] {
            #expect(redactor.url(url) == (url, [:]))
        }
    }

    @Test func redactedURLsAreStable() {
        let (once, _) = redactor.url("https://u:p@h.example.com/a%40b.example.com?token=1&x=ann%40example.com")
        #expect(redactor.url(once) == (once, [:]))
    }

    // MARK: Forms

    @Test func sensitiveFormFieldsAreReplaced() {
        let (form, counts) = redactor.form("grant_type=password&username=ann&password=hunter2&client_secret=s3cr3t")
        #expect(form == "grant_type=password&username=ann&password=[REDACTED:form-field]&client_secret=[REDACTED:form-field]")
        #expect(counts == ["form-field": 2])
    }

    @Test func formValuesAreDecodedForPatterns() {
        let (form, counts) = redactor.form("email=ann%40example.com&card=4111+1111+1111+1111&comment=hello+world")
        #expect(form == "email=[REDACTED:email]&card=[REDACTED:payment-card]&comment=hello+world")
        #expect(counts == ["email": 1, "payment-card": 1])
        #expect(redactor.form(form) == (form, [:]))
    }

    @Test func emptyAndAlreadyRedactedValuesAreNotCounted() {
        #expect(redactor.form("password=&token=1") == ("password=&token=1", [:]))
        #expect(redactor.form("password=[REDACTED:form-field]") == ("password=[REDACTED:form-field]", [:]))
        #expect(redactor.form("password=%5BREDACTED%3Aform-field%5D").1.isEmpty)
    }

    @Test func multipartFieldsAreRedactedPartByPart() {
        let body = [
            "--XyZ", "Content-Disposition: form-data; name=\"username\"", "", "ann",
            "--XyZ", "Content-Disposition: form-data; name=\"password\"", "", "hunter2",
            "--XyZ", "Content-Disposition: form-data; name=\"profile\"", "Content-Type: application/json", "",
            #"{"secret":"x","mail":"ann@example.com"}"#,
            "--XyZ--", "",
        ].joined(separator: "\r\n")
        var counts: [String: Int] = [:]
        let result = redactor.redactBody(body, contentType: "multipart/form-data; boundary=XyZ", counts: &counts)
        #expect(result.contains("name=\"username\"\r\n\r\nann\r\n"))
        #expect(result.contains("name=\"password\"\r\n\r\n[REDACTED:form-field]\r\n"))
        #expect(result.contains(#"{"secret":"[REDACTED:json-key]","mail":"[REDACTED:email]"}"#))
        #expect(!result.contains("hunter2"))
        #expect(counts == ["form-field": 1, "json-key": 1, "email": 1])
    }
}
