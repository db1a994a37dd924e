import Foundation
import Testing
@testable import LoupeRedaction

/// Values that a name labels from a distance (``NamedPairFinder``): the rules read them as
/// `NAME="value"`, in text, in `loupe scan`, and in a JSON body's name/value pairs.
@Suite struct NamedPairTests {
    static let redactor = Redactor(ruleSet: .builtIn)
    static let scanner = LeakScanner(ruleSet: .builtIn)

    /// Each text and the secret in it.
    static let pairs: [(text: String, secret: String)] = [
        (#"os.Setenv("DB_PASSWORD", "tulip-Gravel-84")"#, "tulip-Gravel-84"),
        ("define('AUTH_TOKEN', 'q8Wd3kL0vZ7xN2mB5cR9tY4u');", "q8Wd3kL0vZ7xN2mB5cR9tY4u"),
        (#"props.setProperty("billing.api.key", "Zx8pQ2vL9mN4rT7wY1bC5dF3");"#, "Zx8pQ2vL9mN4rT7wY1bC5dF3"),
        ("ENV['CLIENT_SECRET'] = '7f3e9a1c5b2d8e4f6a0b3c7d9e1f5a2b'", "7f3e9a1c5b2d8e4f6a0b3c7d9e1f5a2b"),
        (#"os.environ["PASSPORT_NUMBER"] = "S28491482""#, "S28491482"),
        (#"INFO env=[{"name":"SMTP_PASSWORD","value":"cEBYQeODG_rUEqSA"},{"name":"PORT","value":"8080"}]"#, "cEBYQeODG_rUEqSA"),
        ("env:\n  - name: API_TOKEN\n    value: 4c1d7e9a2f6b8c3e5d0a1f7b9c2e4d6a\n", "4c1d7e9a2f6b8c3e5d0a1f7b9c2e4d6a"),
        (#"<add key="StorageAccountKey" value="c29tZS1mYWtlLWFwaS1rZXktZm9yLWRvY3M=" />"#, "c29tZS1mYWtlLWFwaS1rZXktZm9yLWRvY3M="),
        ("variable \"redis_password\" {\n  type    = string\n  default = \"TuCb7B!1nWoU\"\n}\n", "TuCb7B!1nWoU"),
        ("| `REDIS_PASSWORD` | `mU+.y-PdB!i=CM7W` |", "mU+.y-PdB!i=CM7W"),
    ]

    @Test(arguments: pairs.indices)
    func theValueOfASecretNameIsRedactedAndScanned(_ index: Int) {
        let (text, secret) = Self.pairs[index]
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactText(text, counts: &counts)
        #expect(!redacted.contains(secret), "\(redacted)")
        #expect(!counts.isEmpty)
        #expect(!Self.scanner.scan(text: text).isEmpty, "loupe scan must find what redact removes")
    }

    @Test(arguments: [
        #"os.Setenv("LOG_LEVEL", "debug")"#,
        "define('PASSWORD_MIN_LENGTH', '12');",
        #"fields = ["password", "email"]; required("password", "confirmation")"#,
        #"ENV['API_TOKEN'] = '${API_TOKEN}'"#,
        #"{"name":"PORT","value":"8080"},{"name":"REGION","value":"eu-west-1"}"#,
        "env:\n  - name: REGION\n    value: eu-west-1\n",
        "variable \"region\" {\n  default = \"eu-west-1\"\n}",
        "| `TIMEOUT` | `30s` |",
    ])
    func aValueThatIsNoSecretIsKept(_ text: String) {
        var counts: [String: Int] = [:]
        #expect(Self.redactor.redactText(text, counts: &counts) == text)
        #expect(counts.isEmpty)
    }

    @Test func aJSONBodysNameValuePairIsReadUnderItsName() {
        let body = #"{"environment":[{"name":"PGPASSWORD","value":"MrIPGMcE!byxXmfT0N"},{"key":"STRIPE_KEY","value":"Zx8pQ2vL9mN4rT7wY1bC5dF3"},{"name":"PORT","value":"8080"}]}"#
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactJSON(body, counts: &counts)
        #expect(!redacted.contains("MrIPGMcE!byxXmfT0N"))
        #expect(!redacted.contains("Zx8pQ2vL9mN4rT7wY1bC5dF3"))
        #expect(redacted.contains(#"{"name":"PORT","value":"8080"}"#))
    }

    @Test func aPairRunsOnlyOnItsValue() {
        // The name stays readable; only the value is replaced.
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactText(#"os.Setenv("DB_PASSWORD", "tulip-Gravel-84")"#, counts: &counts)
        #expect(redacted == #"os.Setenv("DB_PASSWORD", "[REDACTED:password-assignment]")"#)
    }
}
