import Foundation
import LoupeRedaction

// TUNING benign look-alikes. The held-out list (BenignTemplates+HeldOut.swift) uses other
// values and other syntaxes; keep them disjoint.

extension BenignTemplate {
    static let tuning: [BenignTemplate] = tuningTokens + tuningCredentials + tuningPersonal + tuningFinancial

    static let tuningTokens: [BenignTemplate] = [
        BenignTemplate("uuid", .token) { r in Placement(.header("X-Request-ID"), "header", r.uuid()) },
        BenignTemplate("hex-digest", .token) { r in Placement(.json, "json", #"{"file":"backup-\#(r.int(1...30)).tar.gz","sha256":"\#(sha256(&r))","size":\#(r.int(1000...9_999_999))}"#) },
        BenignTemplate("git-sha", .token) { r in Placement(.text, "log", "\(timestamp(&r)) INFO deploy: rolled out commit \(gitSHA(&r)) to production (\(r.int(2...40)) pods)") },
        BenignTemplate("etag", .token) { r in Placement(.header("ETag"), "header", "W/\"\(r.string(.hex, 32))\"") },
        BenignTemplate("base64-blob", .token) { r in Placement(.json, "json", #"{"name":"avatar.png","thumbnail":"iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHe\#(Data(r.bytes(90)).base64EncodedString())"}"#) },
        BenignTemplate("prefix-prose", .token) { r in
            let (name, prefix) = r.pick([("GitHub personal access tokens", "ghp_"), ("Stripe secret keys", "sk_live_"), ("Slack bot tokens", "xoxb-"),
                                         ("AWS access key IDs", "AKIA"), ("GitLab tokens", "glpat-"), ("OpenAI project keys", "sk-proj-"), ("npm tokens", "npm_")])
            return Placement(.text, "markdown", "\(name) start with `\(prefix)`; rotate them every \(r.int(30...90)) days.")
        },
        BenignTemplate("short-prefix", .token) { r in
            Placement(.json, "json", #"{"tokenPrefix":"\#(r.pick(["ghp_", "sk_live_", "xoxb-", "glpat-", "AKIA", "hf_"]))\#(r.string(.lowerAlnum, r.int(0...4)))","masked":true}"#)
        },
        BenignTemplate("url-ids", .token) { r in Placement(.url, "url", "https://api.example.com/v1/conversations/\(r.uuid())/messages?cursor=\(r.string(.hex, 12))&limit=\(r.int(10...50))") },
        BenignTemplate("traceparent", .token) { r in Placement(.header("traceparent"), "header", "00-\(r.string(.hex, 32))-\(r.string(.hex, 16))-01") },
        BenignTemplate("image-digest", .token) { r in Placement(.text, "yaml", "    image: registry.example.com/team/api@sha256:\(sha256(&r))\n    imagePullPolicy: IfNotPresent") },
        BenignTemplate("completion-id", .token) { r in Placement(.sse, "json", #"{"id":"chatcmpl-\#(r.string(.alnum, 29))","object":"chat.completion.chunk","created":\#(r.int(1_700_000_000...1_800_000_000)),"choices":[{"delta":{"content":" the"}}]}"#) },
        BenignTemplate("form-commit", .token) { r in Placement(.form, "form", "commit=\(gitSHA(&r))&branch=main&build=\(r.int(100...9999))") },
    ]

    static let tuningCredentials: [BenignTemplate] = [
        BenignTemplate("placeholder", .credential) { r in
            let (name, value) = r.pick([("DB_PASSWORD", "<password>"), ("API_KEY", "your-api-key"), ("SECRET_KEY", "changeme"), ("PASSWORD", "xxxx"),
                                        ("GITHUB_TOKEN", "${GITHUB_TOKEN}"), ("DB_PASSWORD", "$DB_PASSWORD"), ("OPENAI_API_KEY", "YOUR_API_KEY"), ("AUTH_TOKEN", "<token>")])
            return Placement(.text, "env", "\(name)=\(value)\nPORT=\(r.int(3000...9000))\n")
        },
        BenignTemplate("placeholder", .credential) { r in
            let (name, value) = r.pick([("password", "\"{{ secrets.DB_PASSWORD }}\""), ("api_key", "${API_KEY}"), ("client_secret", "\"<client-secret>\""), ("token", "xxxxxxxx")])
            return Placement(.text, "yaml", "auth:\n  username: \(r.pick(["app", "ci"]))\n  \(name): \(value)\n")
        },
        BenignTemplate("code-expression", .credential) { r in
            Placement(.text, "code", r.pick(["passwordLabel: \"Password:\",", "password = getPassword()", "const token = process.env.GITHUB_TOKEN;",
                                             "api_key = os.environ[\"OPENAI_API_KEY\"]", "self.password = password", "if (password.length < \(r.int(8...14))) return false;",
                                             "token = request.headers.get(\"Authorization\")", "secret := os.Getenv(\"WEBHOOK_SECRET\")"]))
        },
        BenignTemplate("css-selector", .credential) { r in Placement(.text, "css", "input[type=password] { border: \(r.int(1...3))px solid #\(r.string(.hex, 6)); }") },
        BenignTemplate("label", .credential) { r in Placement(.text, "html", "<label for=\"pw\">\(r.pick(["Password:", "Passwort:", "API key:", "Token:", "Secret:"]))</label>") },
        BenignTemplate("masked", .credential) { r in Placement(.text, "log", "\(timestamp(&r)) INFO login ok user=\(r.int(100...9999)) password=******** method=form") },
        BenignTemplate("prose", .credential) { r in Placement(.text, "markdown", r.pick(["Enter your password and click **Sign in**.", "Forgot your password? We will send a reset link.",
                                                                                      "The API key is shown once; store it in your secret manager.", "Tokens expire after \(r.int(1...24)) hours."])) },
        BenignTemplate("windows-var", .credential) { r in Placement(.text, "batch", "set PASSWORD=%DB_PASSWORD%\nset PORT=\(r.int(3000...9000))") },
        BenignTemplate("form-schema", .credential) { r in Placement(.json, "json", #"{"fields":[{"name":"pw","type":"password","label":"Password:","minLength":\#(r.int(8...16))}]}"#) },
        BenignTemplate("html-escaped", .credential) { _ in Placement(.text, "html", "<code>Authorization: Bearer &lt;token&gt;</code>") },
        BenignTemplate("www-authenticate", .credential) { r in Placement(.header("WWW-Authenticate"), "header", "Bearer realm=\"\(r.pick(["api", "example"]))\", error=\"invalid_token\"") },
        BenignTemplate("form-action", .credential) { r in Placement(.form, "form", "action=reset_password&step=\(r.int(1...4))&lang=en") },
        BenignTemplate("url-settings", .credential) { r in Placement(.url, "url", "https://app.example.com/settings/api-keys?tab=tokens&page=\(r.int(1...9))") },
        BenignTemplate("sse-prompt", .credential) { _ in Placement(.sse, "json", #"{"type":"auth.required","message":"Please enter your password"}"#) },
        BenignTemplate("secret-reference", .credential) { r in
            Placement(.text, "yaml", r.pick([
                "secret: arn:aws:secretsmanager:\(r.pick(["us-east-1", "eu-west-1"])):\(r.string(.digits, 12)):secret:prod/db-\(r.string(.alnum, 6))",
                "password: \"op://\(r.pick(["Engineering", "Ops"]))/Postgres/password\"", "password: vault:secret/data/\(r.pick(["db", "app"]))#password",
                "api_key: ref+awsssm://prod/app/api_key",
            ]))
        },
        BenignTemplate("placeholder-phrase", .credential) { r in
            Placement(.text, "env", "\(r.pick(["API_KEY", "SECRET_KEY", "PASSWORD", "API_TOKEN"]))=\(r.pick(["insert_your_key_here", "paste-your-token-here", "dev-secret-change-in-production", "replace_this_with_a_real_secret", "put-token-here"]))")
        },
        BenignTemplate("chained-call", .credential) { r in
            Placement(.text, "code", r.pick(["password = hashlib.sha256(salt + password).hexdigest()", "token = base64.b64encode(raw).decode()",
                                             "secret = crypto.randomBytes(\(r.pick([16, 32, 64]))).toString(\"hex\")", "password = os.urandom(16).hex()"]))
        },
    ]

    static let tuningPersonal: [BenignTemplate] = [
        BenignTemplate("timestamp", .pii) { r in Placement(.text, "log", "\(timestamp(&r)) DEBUG cache hit ratio=0.\(r.int(10...99)) in \(r.int(1...900))ms") },
        BenignTemplate("ip-address", .pii) { r in Placement(.text, "log", "accepted connection from \(ipv4(&r)):\(r.int(1024...65535)) to 0.0.0.0:\(r.int(8000...8999))") },
        BenignTemplate("version", .pii) { r in Placement(.header("User-Agent"), "header", "ChatApp/\(version(&r)) (Linux; x86_64) Darwin/\(r.int(20...25)).\(r.int(0...6)).0") },
        BenignTemplate("date", .pii) { r in Placement(.json, "json", #"{"from":"2026-\#(String(format: "%02d", r.int(1...12)))-\#(String(format: "%02d", r.int(1...28)))","to":"\#(r.int(1...28))/\#(r.int(1...12))/2026","tz":"+01:00"}"#) },
        BenignTemplate("phone-like-id", .pii) { r in Placement(.text, "log", "order ORD-\(r.int(200...999))-\(r.int(200...999))-\(r.string(.digits, 4)) shipped, ticket #\(r.int(10000...99999))") },
        BenignTemplate("invalid-ssn", .pii) { r in Placement(.text, "log", "reference \(invalidSSN(&r)) not found in archive") },
        BenignTemplate("npm-spec", .pii) { r in Placement(.text, "shell", "npm install react@\(r.int(16...19)).\(r.int(0...3)).\(r.int(0...9)) @types/node@\(r.int(18...22))") },
        BenignTemplate("port", .pii) { r in Placement(.url, "url", "http://localhost:\(r.int(3000...9999))/health?verbose=\(r.int(0...1))") },
        BenignTemplate("coordinates", .pii) { r in Placement(.sse, "json", #"{"lat":\#(r.int(-89...89)).\#(r.string(.digits, 4)),"lon":\#(r.int(-179...179)).\#(r.string(.digits, 4)),"accuracy":\#(r.int(5...50))}"#) },
        BenignTemplate("duration", .pii) { r in Placement(.form, "form", "timeout_ms=\(r.int(1000...99999))&retries=\(r.int(0...5))&size=\(r.int(1_000_000...9_999_999))") },
    ]

    static let tuningFinancial: [BenignTemplate] = [
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.text, "log", "lookup failed for reference \(luhnInvalid(&r)) (not a card)") },
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.json, "json", #"{"shipmentId":"\#(luhnInvalid(&r))","carrier":"dhl"}"#) },
        BenignTemplate("order-number", .financial) { r in Placement(.text, "log", "ORD-2026-\(r.string(.digits, 6)) paid, invoice INV-\(r.string(.digits, 9))") },
        BenignTemplate("price", .financial) { r in Placement(.json, "json", #"{"total":"$\#(r.int(1...9)),\#(r.string(.digits, 3)).\#(r.string(.digits, 2))","vat":"€ \#(r.int(1...999)),\#(r.string(.digits, 2))","items":\#(r.int(1...9))}"#) },
        BenignTemplate("epoch-ms", .financial) { r in Placement(.sse, "json", #"{"ts":\#(r.int(1_700_000_000_000...1_799_999_999_999)),"seq":\#(r.int(1...9999))}"#) },
        BenignTemplate("invalid-iban", .financial) { r in Placement(.text, "log", "rejected payout account \(invalidIBAN(&r)): checksum mismatch") },
        BenignTemplate("amount-cents", .financial) { r in Placement(.form, "form", "amount=\(r.int(100...999999))&currency=eur&order_id=\(r.string(.digits, 10))") },
        BenignTemplate("cvc-like-number", .financial) { r in Placement(.text, "log", "retry \(r.int(1...5)) in \(r.int(100...999)) ms, status \(r.pick([402, 429, 503]))") },
        BenignTemplate("url-order", .financial) { r in Placement(.url, "url", "https://shop.example.com/orders/\(r.string(.digits, 8))?page=\(r.int(1...5))") },
    ]
}
