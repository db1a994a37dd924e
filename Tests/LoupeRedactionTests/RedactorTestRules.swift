import Foundation
import LoupeCore
@testable import LoupeRedaction

/// Small rule sets built from inline TOML for the redactor tests, independent of the default
/// rules (those are exercised through ``RuleSet/builtIn`` in `RedactorBuiltInTests`).
enum RedactorTestRules {
    static let toml = #"""
        [[rule]]
        id = "email"
        category = "pii"
        pattern = '''[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+'''
        keywords = ["@"]

        [[rule]]
        id = "aws-access-key-id"
        category = "token"
        pattern = '''\b((?:AKIA|ASIA)[A-Z2-7]{16})\b'''
        secret_group = 1
        keywords = ["akia", "asia"]

        [[rule]]
        id = "bearer-token"
        category = "credential"
        pattern = '''(?i)\bbearer\s+([A-Za-z0-9._~+/-]{8,}=*)'''
        secret_group = 1
        keywords = ["bearer"]

        [[rule]]
        id = "payment-card"
        category = "financial"
        pattern = '''\b(?:\d[ -]?){12,18}\d\b'''
        validate = "luhn"

        [[rule]]
        id = "masked-token"
        category = "token"
        pattern = '''\btok_[0-9a-f]{12}\b'''
        keywords = ["tok_"]
        replace = "mask"

        [[rule]]
        id = "hashed-token"
        category = "token"
        pattern = '''\bsec_[A-Za-z0-9]{10}\b'''
        keywords = ["sec_"]
        replace = "hash"

        [structural]
        headers = ["x-api-key"]
        cookies = ["session", "sid"]
        query = ["token", "api_key"]
        json_keys = ["password", "accessToken", "secret", "credentials"]
        form_fields = ["password", "client_secret"]
        """#

    /// The inline rule set above.
    static let ruleSet = RuleSet.forTesting(toml)

    /// A redactor over the inline rules with a fixed hash key, so hash placeholders are stable.
    static func redactor(style: RedactionRule.ReplacementStyle? = nil) -> Redactor {
        Redactor(ruleSet: ruleSet, style: style, hashKey: RedactionHashKey(bytes: Array("test-key".utf8)))
    }
}

extension Redactor {
    /// `redactText` returning its counts, for short assertions.
    func text(_ text: String) -> (String, [String: Int]) {
        var counts: [String: Int] = [:]
        let result = redactText(text, counts: &counts)
        return (result, counts)
    }

    func json(_ text: String) -> (String, [String: Int]) {
        var counts: [String: Int] = [:]
        let result = redactJSON(text, counts: &counts)
        return (result, counts)
    }

    func url(_ text: String) -> (String, [String: Int]) {
        var counts: [String: Int] = [:]
        let result = redactURL(text, counts: &counts)
        return (result, counts)
    }

    func form(_ text: String) -> (String, [String: Int]) {
        var counts: [String: Int] = [:]
        let result = redactForm(text, counts: &counts)
        return (result, counts)
    }

    func header(_ name: String, _ value: String) -> (String, [String: Int]) {
        var counts: [String: Int] = [:]
        let result = redactHeaderValue(name: name, value: value, counts: &counts)
        return (result, counts)
    }

    /// The event after redaction, and whether redacting it once more changed anything.
    func redacted(_ event: NetworkEvent) -> (event: NetworkEvent, stable: Bool) {
        var once = event
        redact(&once)
        var twice = once
        redact(&twice)
        return (once, twice == once)
    }
}
