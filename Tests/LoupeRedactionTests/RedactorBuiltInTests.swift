import Foundation
import LoupeCore
import Testing
@testable import LoupeRedaction

/// The redactor with the default rule set: every rule's examples are redacted and stay
/// redacted, and benign look-alikes survive in every kind of value.
@Suite struct RedactorBuiltInTests {
    static let examples: [(rule: String, text: String)] = RuleSet.builtIn.rules.flatMap { rule in
        rule.examples.map { (rule.id, $0) }
    }

    @Test func theDefaultSetHasRulesAndStructuralNames() {
        #expect(RuleSet.builtIn.rules.count >= 20)
        #expect(RuleSet.builtIn.structural.jsonKeys.contains("password"))
    }

    @Test(arguments: RedactionRule.ReplacementStyle.allCases)
    func everyDefaultExampleIsRedactedAndStaysRedacted(style: RedactionRule.ReplacementStyle) async {
        let failures = await offTheCooperativePool {
            let redactor = Redactor(ruleSet: .builtIn, style: style, hashKey: RedactionHashKey(bytes: [3]))
            var failures: [String] = []
            for (rule, example) in Self.examples {
                let (once, counts) = redactor.text(example)
                if counts.values.reduce(0, +) == 0 { failures.append("\(rule): nothing found in \(example)") }
                let (twice, again) = redactor.text(once)
                if twice != once { failures.append("\(rule): changed again: \(example)") }
                if !again.isEmpty { failures.append("\(rule): \(example) counted again as \(again)") }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func everyDefaultExampleIsRedactedInsideJSONAndHeaders() async throws {
        let failures = await offTheCooperativePool {
            let redactor = Redactor(ruleSet: .builtIn)
            var failures: [String] = []
            for (rule, example) in Self.examples {
                guard let encoded = try? JSONEncoder().encode(["message": example]) else {
                    failures.append("\(rule): cannot encode \(example)")
                    continue
                }
                let json = String(decoding: encoded, as: UTF8.self)
                let (once, counts) = redactor.json(json)
                if counts.values.reduce(0, +) == 0 { failures.append("\(rule): nothing found in \(json)") }
                if redactor.json(once) != (once, [:]) { failures.append("\(rule): changed again: \(json)") }
                if (try? JSONSerialization.jsonObject(with: Data(once.utf8))) == nil {
                    failures.append("\(rule): not JSON after redaction: \(once)")
                }
                let (header, headerCounts) = redactor.header("X-Debug", example)
                if headerCounts.values.reduce(0, +) == 0 { failures.append("\(rule): nothing found in header \(example)") }
                if redactor.header("X-Debug", header) != (header, [:]) { failures.append("\(rule): header changed again: \(example)") }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    static let lookAlikes = [
        "550e8400-e29b-41d4-a716-446655440000",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "da39a3ee5e6b4b0d3255bfef95601890afd80709",
        "W/\"9b2cf535f27731c974343645a3985328\"",
        "2026-01-31T12:00:00.000Z", "2026-01-31 12:00:00+01:00", "1706702400", "1706702400123",
        "Sat, 31 Jan 2026 12:00:00 GMT", "v2.14.0", "1.2.3-beta.4+build.5", "loupe/1.2.3 (linux; x86_64)",
        "$1,234.56", "19.99 EUR", "€ 2.499,00", "ORD-2026-000123", "order #100023", "INV-000123456",
        "localhost:8080", "127.0.0.1:5432", "api.example.com:8443", "10.0.0.12", "::1",
        "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "#ff8800", "en-GB,en;q=0.9",
        "application/json; charset=utf-8", "max-age=31536000; includeSubDomains", "gzip, deflate, br",
    ]

    @Test func benignLookAlikesSurviveEverywhere() throws {
        let redactor = Redactor(ruleSet: .builtIn)
        for value in Self.lookAlikes {
            #expect(redactor.text(value) == (value, [:]), "text: \(value)")
            #expect(redactor.header("X-Info", value) == (value, [:]), "header: \(value)")
            let json = String(decoding: try JSONEncoder().encode(["value": value]), as: UTF8.self)
            #expect(redactor.json(json) == (json, [:]), "json: \(value)")
            let query = "https://api.example.com/v1/items?value=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            #expect(redactor.url(query) == (query, [:]), "url: \(value)")
        }
    }

    @Test func portsPricesAndIDsSurviveInAJSONBody() {
        let body = #"{"port":8443,"price":1234.56,"qty":3,"orderId":100023,"ts":1706702400,"ratio":0.75,"build":"2026.01.31"}"#
        #expect(Redactor(ruleSet: .builtIn).json(body) == (body, [:]))
    }
}
