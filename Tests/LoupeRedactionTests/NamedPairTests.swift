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
        ("key,value,updated\nDB_PASSWORD,SqtPAXs^Y2F,2026-11-13\nREGION,eu-west-1,2026-11-11\n", "SqtPAXs^Y2F"),
        ("NAME\tVALUE\nSMTP_PASSWORD\t5Mu33DtYUO^EJ9a\n", "5Mu33DtYUO^EJ9a"),
        ("setenv DB_PASSWORD harbor5163w8P", "harbor5163w8P"),
        ("set -x DB_PASSWORD 'meadow6539#'", "meadow6539#"),
        ("npm config set //registry.npmjs.org/:_password YW5uOkxhbnRlcm43Mjc1I2NZ", "YW5uOkxhbnRlcm43Mjc1I2NZ"),
        (#"{"field":"PASSWORD","data":"copper8462_","masked":false}"#, "copper8462_"),
        ("\"headers\": [\n  {\n    \"name\": \"Authorization\",\n    \"value\": \"Bearer 2345 6789 0123\"\n  }\n]", "2345 6789 0123"),
        (#"{"variable":"COHERE_API_KEY","value":"UDFTxRRL6AVRNjT7eU0rxRMLEUuGONHiXNareUWg"}"#, "UDFTxRRL6AVRNjT7eU0rxRMLEUuGONHiXNareUWg"),
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
        "username,password,email,created\nann,,ann@example.org,2026-11-27\n".replacingOccurrences(of: "ann@example.org", with: "n/a"),
        "setenv EDITOR vim\nset -x PAGER less",
        "npm config set registry https://registry.example.com/",
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

    @Test func aJSONObjectNamedByAnotherMemberIsReadUnderThatName() {
        // Services name the member that holds a value's name and the one that holds the value
        // in many ways: variable/value, key/val, field/data, env/value.
        var counts: [String: Int] = [:]
        let body = #"[{"key":"ADMIN_PASSWORD","val":"hBRwMFZ0!cBr"},{"field":"REGION","data":"eu-west-1"}]"#
        let redacted = Self.redactor.redactJSON(body, counts: &counts)
        #expect(!redacted.contains("hBRwMFZ0!cBr"))
        #expect(redacted.contains(#"{"field":"REGION","data":"eu-west-1"}"#))
    }

    @Test func aPairRunsOnlyOnItsValue() {
        // The name stays readable; only the value is replaced.
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactText(#"os.Setenv("DB_PASSWORD", "tulip-Gravel-84")"#, counts: &counts)
        #expect(redacted == #"os.Setenv("DB_PASSWORD", "[REDACTED:password-assignment]")"#)
    }
}
