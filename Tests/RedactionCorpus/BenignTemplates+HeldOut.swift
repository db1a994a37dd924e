import Foundation
import LoupeRedaction

// HELD-OUT benign look-alikes: other values and syntaxes than the tuning list. Nobody tunes
// rules on these.

extension BenignTemplate {
    static let heldOut: [BenignTemplate] = heldOutTokens + heldOutCredentials + heldOutPersonal + heldOutFinancial

    static let heldOutTokens: [BenignTemplate] = [
        BenignTemplate("sri-hash", .token) { r in Placement(.text, "html", "<script src=\"/js/app.\(r.string(.hex, 8)).js\" integrity=\"sha384-\(Data(r.bytes(48)).base64EncodedString())\" crossorigin=\"anonymous\"></script>") },
        BenignTemplate("npm-integrity", .token) { r in Placement(.json, "json", "{\n  \"resolved\": \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz\",\n  \"integrity\": \"sha512-\(Data(r.bytes(64)).base64EncodedString())\"\n}") },
        BenignTemplate("k8s-uid", .token) { r in Placement(.text, "yaml", "metadata:\n  name: api-\(r.string(.lowerAlnum, 5))\n  uid: \(r.uuid())\n  resourceVersion: \"\(r.int(100000...999999))\"") },
        BenignTemplate("multipart-etag", .token) { r in Placement(.text, "log", "upload complete etag=\"\(r.string(.hex, 32))-\(r.int(2...40))\" parts=\(r.int(2...40))") },
        BenignTemplate("aws-arn", .token) { r in Placement(.text, "log", "assumed arn:aws:iam::\(r.string(.digits, 12)):role/\(r.pick(["deploy", "ci", "reader"])) request-id \(r.uuid())") },
        BenignTemplate("amzn-trace", .token) { r in Placement(.header("X-Amzn-Trace-Id"), "header", "Root=1-\(r.string(.hex, 8))-\(r.string(.hex, 24));Parent=\(r.string(.hex, 16));Sampled=1") },
        BenignTemplate("git-log", .token) { r in Placement(.text, "git", "commit \(gitSHA(&r))\nMerge: \(r.string(.hex, 7)) \(r.string(.hex, 7))\n\n    Merge pull request #\(r.int(100...9999)) from team/feature") },
        BenignTemplate("prefix-prose", .token) { r in
            Placement(.text, "markdown", r.pick(["Slack bot tokens begin with `xoxb-` and user tokens with `xoxp-`.", "Our scanner flags anything shaped like `AKIA` followed by 16 characters.",
                                                 "Hugging Face tokens look like `hf_` plus letters.", "A GitHub fine-grained token is prefixed `github_pat_`."]))
        },
        BenignTemplate("go-sum", .token) { r in Placement(.text, "go.sum", "golang.org/x/net v0.\(r.int(10...40)).0 h1:\(Data(r.bytes(32)).base64EncodedString())") },
        BenignTemplate("cursor", .token) { r in Placement(.url, "url", "https://api.example.com/v2/events?after=\(Data(#"{"id":\#(r.int(1000...99999))}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: ""))&limit=100") },
        BenignTemplate("hashed-asset", .token) { r in Placement(.url, "url", "https://cdn.example.com/static/js/main.\(r.string(.hex, 8)).chunk.js") },
        BenignTemplate("sse-object-id", .token) { r in Placement(.sse, "text", "file_\(r.string(.alnum, 24)) processed in \(r.int(1...99))ms") },
    ]

    static let heldOutCredentials: [BenignTemplate] = [
        BenignTemplate("placeholder", .credential) { r in Placement(.text, "toml", "[database]\npassword = \"\(r.pick(["${env:DB_PASSWORD}", "<your password here>", "CHANGE_ME", "..."]))\"") },
        BenignTemplate("placeholder", .credential) { r in Placement(.text, "properties", "spring.datasource.password=\(r.pick(["${DB_PASSWORD}", "${vault.db.password}", "@db.password@"]))") },
        BenignTemplate("placeholder", .credential) { r in Placement(.text, "xml", "<add key=\"ApiKey\" value=\"\(r.pick(["YOUR_API_KEY", "%API_KEY%", "$(ApiKey)", "[api key]"]))\" />") },
        BenignTemplate("terraform-reference", .credential) { r in Placement(.text, "hcl", "  password = var.\(r.pick(["db_password", "admin_password"]))\n  username = \"admin\"") },
        BenignTemplate("k8s-secret-ref", .credential) { _ in Placement(.text, "yaml", "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: db-credentials\n              key: password") },
        BenignTemplate("actions-secret", .credential) { r in Placement(.text, "yaml", "      - uses: actions/checkout@v\(r.int(3...4))\n        with:\n          token: ${{ secrets.\(r.pick(["GITHUB_TOKEN", "BOT_PAT"])) }}") },
        BenignTemplate("code-expression", .credential) { r in
            Placement(.text, "code", r.pick(["password = input(\"Password: \")", "pw = getpass.getpass(\"Password:\")", "SecureField(\"Password\", text: $password)",
                                             "$password = Read-Host -AsSecureString", "const apiKey = config.get('apiKey');", "ansible_become_pass: \"{{ vault_become_pass }}\""]))
        },
        BenignTemplate("html-input", .credential) { _ in Placement(.text, "html", "<input type=\"password\" name=\"password\" autocomplete=\"current-password\" required>") },
        BenignTemplate("policy-log", .credential) { r in Placement(.text, "log", "password changed for user \(r.int(100...9999)) (policy: min length \(r.int(8...16)))") },
        BenignTemplate("policy-json", .credential) { r in Placement(.json, "json", #"{"passwordPolicy":{"minLength":\#(r.int(8...16)),"requireSymbols":true,"maxAgeDays":\#(r.int(30...365))}}"#) },
        BenignTemplate("env-example", .credential) { r in Placement(.text, "env", r.pick(["STRIPE_SECRET_KEY=sk_live_...", "OPENAI_API_KEY=sk-...", "SLACK_BOT_TOKEN=xoxb-...", "AWS_SECRET_ACCESS_KEY=..."])) },
        BenignTemplate("dockerfile-secret-mount", .credential) { _ in Placement(.text, "dockerfile", "ARG NPM_TOKEN\nRUN --mount=type=secret,id=npm_token npm ci") },
        BenignTemplate("proxy-authenticate", .credential) { _ in Placement(.header("Proxy-Authenticate"), "header", "Basic realm=\"corporate proxy\", charset=\"UTF-8\"") },
        BenignTemplate("sse-docs", .credential) { _ in Placement(.sse, "text", "Tip: pass --password - to read the password from stdin.") },
    ]

    static let heldOutPersonal: [BenignTemplate] = [
        BenignTemplate("http-date", .pii) { r in Placement(.header("Date"), "header", "\(r.pick(["Mon", "Tue", "Wed"])), \(r.int(10...28)) Nov 2026 \(String(format: "%02d:%02d:%02d", r.int(0...23), r.int(0...59), r.int(0...59))) GMT") },
        BenignTemplate("syslog-time", .pii) { r in Placement(.text, "syslog", "Nov \(r.int(10...28)) \(String(format: "%02d:%02d:%02d", r.int(0...23), r.int(0...59), r.int(0...59))) host\(r.int(1...9)) cron[\(r.int(100...9999))]: job finished") },
        BenignTemplate("semver-range", .pii) { r in Placement(.json, "json", #"{"dependencies":{"lodash":"^4.17.\#(r.int(0...21))","express":"~4.\#(r.int(10...19)).0 || >=5.0.0-beta.1"}}"#) },
        BenignTemplate("mac-address", .pii) { r in Placement(.text, "log", "link up on eth0 hwaddr \((0..<6).map { _ in r.string(.upperHex, 2) }.joined(separator: ":"))") },
        BenignTemplate("ipv6", .pii) { r in Placement(.text, "log", "listening on [2001:db8::\(r.string(.hex, 4))]:\(r.int(8000...8999)) and [::1]:\(r.int(9000...9999))") },
        BenignTemplate("isbn", .pii) { r in Placement(.text, "markdown", "See ISBN 978-\(r.int(0...9))-\(r.string(.digits, 3))-\(r.string(.digits, 5))-\(r.int(0...9)), chapter \(r.int(1...20)).") },
        BenignTemplate("phone-like-id", .pii) { r in Placement(.text, "logfmt", "level=info msg=\"job finished\" job_id=\(r.int(2...9))\(r.string(.digits, 9)) attempt=\(r.int(1...3))") },
        BenignTemplate("invalid-ssn", .pii) { r in Placement(.json, "json", #"{"sample":"\#(invalidSSN(&r))","note":"not issued"}"#) },
        BenignTemplate("cjk-date", .pii) { r in Placement(.sse, "text", "予約日: 2026年\(r.int(1...12))月\(r.int(1...28))日 \(r.int(9...18))時") },
        BenignTemplate("build-number", .pii) { r in Placement(.url, "url", "https://ci.example.com/job/app/\(r.int(1000...9999))/console?build=2026.11.\(r.int(10...28)).\(r.int(1000...9999))") },
    ]

    static let heldOutFinancial: [BenignTemplate] = [
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.url, "url", "https://shop.example.com/orders/\(luhnInvalid(&r))/receipt") },
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.text, "xml", "<TrackingNumber>\(luhnInvalid(&r))</TrackingNumber>") },
        BenignTemplate("price", .financial) { r in Placement(.text, "markdown", "| Plan | Price |\n|---|---|\n| Team | CHF \(r.int(1...9))'\(r.string(.digits, 3)).\(r.int(10...95)) |\n| Pro | ¥\(r.int(1...99)),000 |") },
        BenignTemplate("balance", .financial) { r in Placement(.sse, "text", "Kontostand: \(r.int(1...999)) \(r.string(.digits, 3)),\(r.string(.digits, 2)) €") },
        BenignTemplate("invalid-iban", .financial) { r in Placement(.json, "json", #"{"error":"invalid_iban","input":"\#(invalidIBAN(&r))"}"#) },
        BenignTemplate("ean-barcode", .financial) { r in
            var code = r.string(.digits, 13)
            while Checksum.luhnValid(code) { code = String(code.dropLast()) + String((code.last!.wholeNumberValue! + 1) % 10) }
            return Placement(.text, "log", "scanned EAN \(code) qty=\(r.int(1...9))")
        },
        BenignTemplate("quantity", .financial) { r in Placement(.form, "form", "sku=SKU-\(r.string(.upperAlnum, 6))&qty=\(r.int(1...99))&unit_price=\(r.int(1...999)).\(r.int(10...99))") },
        BenignTemplate("invoice", .financial) { r in Placement(.header("X-Invoice-Number"), "header", "INV/2026/\(r.string(.digits, 6))") },
    ]
}
