import Foundation
import Testing
@testable import LoupeRedaction

/// `redactJSON`: structural keys at any depth, patterns over every string, formatting kept.
@Suite struct RedactorJSONTests {
    let redactor = RedactorTestRules.redactor()

    @Test func sensitiveKeysAreReplacedWhateverTheValueType() {
        let json = #"{"user":{"access_token":"abc","Password":12345,"secret":{"a":[1,{"b":"c"}]},"credentials":["x","y"]},"ok":true}"#
        let (result, counts) = redactor.json(json)
        #expect(result == #"{"user":{"access_token":"[REDACTED:json-key]","Password":"[REDACTED:json-key]","secret":"[REDACTED:json-key]","credentials":"[REDACTED:json-key]"},"ok":true}"#)
        #expect(counts == ["json-key": 4])
    }

    @Test func keyStylesAreEquivalent() {
        for key in ["accessToken", "access_token", "Access-Token", "ACCESS.TOKEN", "access token"] {
            #expect(redactor.json(#"{"\#(key)":"v"}"#).1 == ["json-key": 1], "\(key)")
        }
    }

    @Test func nullBooleansAndEmptyStringsUnderSensitiveKeysStay() {
        let json = #"{"password":null,"secret":false,"accessToken":""}"#
        #expect(redactor.json(json) == (json, [:]))
    }

    @Test func patternsRunOverValuesKeysAndNestedArrays() {
        let json = """
            {
              "to": ["ann@example.com", "Bob <bob@example.org>"],
              "ann@example.com": {"note": "card 4111 1111 1111 1111"}
            }
            """
        let (result, counts) = redactor.json(json)
        #expect(result == """
            {
              "to": ["[REDACTED:email]", "Bob <[REDACTED:email]>"],
              "[REDACTED:email]": {"note": "card [REDACTED:payment-card]"}
            }
            """)
        #expect(counts == ["email": 3, "payment-card": 1])
    }

    @Test func escapesAreDecodedForMatchingAndKeptElsewhere() {
        let json = #"{"msg":"caf\u00e9 \"quoted\" mail ann\u0040example.com\n\ud83d\ude00 end"}"#
        let (result, counts) = redactor.json(json)
        #expect(result == #"{"msg":"caf\u00e9 \"quoted\" mail [REDACTED:email]\n\ud83d\ude00 end"}"#)
        #expect(counts == ["email": 1])
    }

    @Test func changedStringsStayValidJSON() throws {
        let redactor = RedactorTestRules.redactor(style: .mask)
        // The mask shows the last four letters or digits of the decoded secret, never its quotes
        // or backslashes.
        let json = #"{"password":"pa\"ss\\word\"\\","note":"tok_0123456789ab \"q\"","n":1}"#
        let (result, _) = redactor.json(json)
        #expect(result == #"{"password":"****word","note":"****89ab \"q\"","n":1}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
        #expect(object["note"] as? String == #"****89ab "q""#)
    }

    @Test func urlValuesGetQueryRules() {
        let (result, counts) = redactor.json(#"{"next":"https://api.example.com/p?token=t0k&page=2","url":"/v1/x?api_key=k"}"#)
        #expect(result == #"{"next":"https://api.example.com/p?token=[REDACTED:query-param]&page=2","url":"/v1/x?api_key=[REDACTED:query-param]"}"#)
        #expect(counts == ["query-param": 2])
    }

    @Test func jsonInsideAStringIsRedactedAsJSON() {
        let json = #"{"body":"{\"password\":\"hunter2\",\"user\":\"ann\"}"}"#
        let (result, counts) = redactor.json(json)
        #expect(result == #"{"body":"{\"password\":\"[REDACTED:json-key]\",\"user\":\"ann\"}"}"#)
        #expect(counts == ["json-key": 1])
    }

    @Test func nameValuePairsGetTheRulesOfTheirName() {
        let har = #"""
            {"request":{"headers":[{"name":"Authorization","value":"Bearer abcdefgh12345678"},{"name":"Accept","value":"*/*"}],
            "queryString":[{"name":"token","value":"abc"},{"name":"q","value":"shoes"}],
            "cookies":[{"name":"session","value":"s1"},{"name":"theme","value":"dark"}],
            "postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"password","value":"hunter2"}],
            "text":"user=ann&password=hunter2"}}}
            """#
        let (result, counts) = redactor.json(har)
        #expect(result.contains(#"{"name":"Authorization","value":"Bearer [REDACTED:bearer-token]"}"#))
        #expect(result.contains(#"{"name":"Accept","value":"*/*"}"#))
        #expect(result.contains(#"{"name":"token","value":"[REDACTED:query-param]"}"#))
        #expect(result.contains(#"{"name":"q","value":"shoes"}"#))
        #expect(result.contains(#"{"name":"session","value":"[REDACTED:cookie]"}"#))
        #expect(result.contains(#"{"name":"theme","value":"dark"}"#))
        #expect(result.contains(#"{"name":"password","value":"[REDACTED:form-field]"}"#))
        #expect(result.contains(#""text":"user=ann&password=[REDACTED:form-field]""#))
        #expect(!result.contains("hunter2"))
        #expect(counts == ["bearer-token": 1, "query-param": 1, "cookie": 1, "form-field": 2])
    }

    @Test func numbersOutsideSensitiveKeysGetPatternRules() {
        let (result, counts) = redactor.json(#"{"n":4111111111111111,"total":4111111111111112,"price":19.99}"#)
        #expect(result == #"{"n":"[REDACTED:payment-card]","total":4111111111111112,"price":19.99}"#)
        #expect(counts == ["payment-card": 1])
    }

    @Test func malformedJSONFallsBackToTextAfterTheError() {
        let (result, counts) = redactor.json(#"{"password":"a", oops ann@example.com}"#)
        #expect(result == #"{"password":"[REDACTED:json-key]", oops [REDACTED:email]}"#)
        #expect(counts == ["json-key": 1, "email": 1])
    }

    @Test func truncatedJSONIsRedactedAsFarAsItGoes() {
        let (result, counts) = redactor.json(#"{"user":"ann@example.com","password":"hunter"#)
        #expect(result == #"{"user":"[REDACTED:email]","password":"[REDACTED:json-key]"#)
        #expect(counts == ["email": 1, "json-key": 1])
        let (cut, cutCounts) = redactor.json(#"{"secret":{"nested":["a","#)
        #expect(cut == #"{"secret":"[REDACTED:json-key]""#)
        #expect(cutCounts == ["json-key": 1])
    }

    @Test func ndjsonLinesAreEachRedacted() {
        let lines = "{\"password\":\"a\"}\n{\"mail\":\"ann@example.com\"}\n"
        #expect(redactor.json(lines) == ("{\"password\":\"[REDACTED:json-key]\"}\n{\"mail\":\"[REDACTED:email]\"}\n",
                                         ["json-key": 1, "email": 1]))
    }

    @Test func redactedJSONIsStable() {
        for style in RedactionRule.ReplacementStyle.allCases {
            let redactor = RedactorTestRules.redactor(style: style)
            let (once, _) = redactor.json(#"{"password":"hunter22","pin":{"x":1},"n":4111111111111111,"m":"ann@example.com tok_0123456789ab"}"#)
            #expect(redactor.json(once) == (once, [:]), "\(style)")
        }
    }
}
