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
        BenignTemplate("sse-message-start", .token) { r in
            Placement(.sse, "json", #"{"type":"message_start","message":{"id":"msg_01\#(r.string(.alnum, 22))","model":"model-\#(r.int(1...4))","usage":{"input_tokens":\#(r.int(10...9999)),"output_tokens":1}}}"#)
        },
        BenignTemplate("sse-escaped-text", .token) { r in
            Placement(.sse, "text", #"Step \#(r.int(1...9)) done:\n  sha256 \#(sha256(&r))\n  commit \#(gitSHA(&r))\n"#)
        },
        BenignTemplate("completion-id", .token) { r in Placement(.sse, "json", #"{"id":"chatcmpl-\#(r.string(.alnum, 29))","object":"chat.completion.chunk","created":\#(r.int(1_700_000_000...1_800_000_000)),"choices":[{"delta":{"content":" the"}}]}"#) },
        BenignTemplate("form-commit", .token) { r in Placement(.form, "form", "commit=\(gitSHA(&r))&branch=main&build=\(r.int(100...9999))") },
        // Third batch: identifiers, digests and encoded blobs as lock files, CI, Kubernetes,
        // logs and web pages carry them.
        BenignTemplate("lockfile-integrity", .token) { r in
            Placement(.text, "json", "    \"node_modules/\(r.pick(["lodash", "react-dom", "@babel/core", "semver"]))\": {\n      \"version\": \"\(version(&r))\",\n      \"resolved\": \"https://registry.npmjs.org/x/-/x-\(version(&r)).tgz\",\n      \"integrity\": \"sha512-\(Data(r.bytes(64)).base64EncodedString())\"\n    },")
        },
        BenignTemplate("go-sum", .token) { r in
            Placement(.text, "go.sum", "\(r.pick(["golang.org/x/net", "github.com/stretchr/testify", "google.golang.org/grpc"])) v0.\(r.int(1...40)).\(r.int(0...9)) h1:\(Data(r.bytes(32)).base64EncodedString())\n")
        },
        BenignTemplate("cargo-lock-checksum", .token) { r in
            Placement(.text, "toml", "[[package]]\nname = \"\(r.pick(["serde", "tokio", "regex"]))\"\nversion = \"\(version(&r))\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"\(sha256(&r))\"\n")
        },
        BenignTemplate("subresource-integrity", .token) { r in
            Placement(.text, "html", "<script src=\"https://cdn.example.com/lib@\(version(&r))/dist/lib.min.js\" integrity=\"sha384-\(Data(r.bytes(48)).base64EncodedString())\" crossorigin=\"anonymous\"></script>")
        },
        BenignTemplate("pinned-action", .token) { r in
            Placement(.text, "yaml", "    steps:\n      - uses: actions/checkout@\(gitSHA(&r)) # v4.\(r.int(0...2)).\(r.int(0...9))\n      - uses: actions/setup-node@\(gitSHA(&r))\n")
        },
        BenignTemplate("git-log", .token) { r in
            Placement(.text, "log", "commit \(gitSHA(&r))\nMerge: \(r.string(.hex, 7)) \(r.string(.hex, 7))\nDate:   Thu Nov 27 03:\(r.int(10...59)):05 2026 +0100\n\n    Merge pull request #\(r.int(100...9999)) from acme/fix-retry\n")
        },
        BenignTemplate("git-describe-version", .token) { r in
            Placement(.header("X-App-Version"), "header", "v\(version(&r))-\(r.int(1...300))-g\(r.string(.hex, r.pick([7, 8, 12])))\(r.pick(["", "-dirty", "+build.\(r.int(1...999))"]))")
        },
        BenignTemplate("kubernetes-metadata", .token) { r in
            Placement(.text, "yaml", "metadata:\n  name: api-\(r.string(.hex, 10))-\(r.string(.lowerAlnum, 5))\n  namespace: \(r.pick(["default", "prod"]))\n  uid: \(r.uuid())\n  resourceVersion: \"\(r.int(100000...99999999))\"\n  generation: \(r.int(1...20))\n")
        },
        BenignTemplate("container-id", .token) { r in
            Placement(.text, "log", "\(timestamp(&r)) level=info msg=\"container started\" id=\(sha256(&r)) image=sha256:\(sha256(&r)) name=/\(r.pick(["api", "worker"]))-\(r.int(1...9))")
        },
        BenignTemplate("object-id", .token) { r in
            Placement(.json, "json", #"{"_id":{"$oid":"\#(r.string(.hex, 24))"},"customer":"cus_\#(r.string(.alnum, 14))","payment_intent":"pi_\#(r.string(.alnum, 24))","request_id":"req_\#(r.string(.alnum, 14))"}"#)
        },
        BenignTemplate("data-uri-image", .token) { r in
            Placement(.text, "css", ".icon-\(r.pick(["close", "menu", "search"])) { background-image: url(\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h\(Data(r.bytes(120)).base64EncodedString())\"); }")
        },
        BenignTemplate("cdn-request-ids", .token) { r in
            Placement(.header("X-Amz-Cf-Id"), "header", r.string(.base64URL, 56) + "==")
        },
        BenignTemplate("ulid-in-url", .token) { r in
            Placement(.url, "url", "https://app.example.com/workspaces/\(r.uuid())/runs/01\(r.string(Alphabet("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), 24))?tab=logs")
        },
        BenignTemplate("slack-ids", .token) { r in
            Placement(.json, "json", #"{"channel":"C0\#(r.string(.upperAlnum, 9))","user":"U0\#(r.string(.upperAlnum, 9))","ts":"\#(r.int(1_700_000_000...1_799_999_999)).\#(r.string(.digits, 6))","team":"T0\#(r.string(.upperAlnum, 8))"}"#)
        },
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
        // Third batch: code that names passwords and tokens without holding one, templates and
        // references that deploy tools resolve later, masked output, messages and help texts.
        BenignTemplate("code-without-value", .credential) { r in
            Placement(.text, "code", r.pick([
                "def login(username: str, password: str) -> Token:\n    if not password:\n        raise ValueError(\"password is required\")",
                "func authenticate(ctx context.Context, token string) (*User, error) {",
                "export interface Credentials {\n  username: string;\n  password: string;\n  apiKey?: string;\n}",
                "@Column({ select: false })\npassword: string;",
                "String password = request.getParameter(\"password\");",
                "$password = $_POST['password'] ?? '';",
                "PASSWORD_MIN_LENGTH = \(r.int(8...16))\nTOKEN_TTL_SECONDS = \(r.int(300...86400))",
                "let (username, password) = (env::var(\"APP_USER\")?, env::var(\"APP_PASSWORD\")?);",
                "val token = prefs.getString(\"auth_token\", null) ?: return",
                "guard let token = try keychain.read(account: \"api\") else { return }",
            ]))
        },
        BenignTemplate("deploy-reference", .credential) { r in
            Placement(.text, "yaml", r.pick([
                "      env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: \(r.pick(["db", "postgres"]))-credentials\n              key: password",
                "        with:\n          token: ${{ secrets.GITHUB_TOKEN }}\n          registry-password: ${{ secrets.REGISTRY_PASSWORD }}",
                "  clientSecret: {{ .Values.oauth.clientSecret | quote }}\n  password: {{ required \"db password\" .Values.db.password }}",
                "db_password: \"{{ lookup('env', 'DB_PASSWORD') }}\"\napi_token: \"{{ vault_api_token }}\"",
                "spring:\n  datasource:\n    password: ${DB_PASSWORD}\n    username: ${DB_USER:app}",
            ]))
        },
        BenignTemplate("code-reference", .credential) { r in
            Placement(.text, "code", r.pick([
                "'password' => env('DB_PASSWORD'),\n'port' => env('DB_PORT', '\(r.int(3000...6000))'),",
                "password = var.db_password\n  sensitive = true",
                "SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]",
                "secret_access_key = Rails.application.credentials.dig(:aws, :secret_access_key)",
                "withCredentials([string(credentialsId: 'npm-token', variable: 'NPM_TOKEN')]) {",
                "password = config.get(\"database\", \"password\")",
                "options.Password = builder.Configuration[\"Smtp:Password\"];",
                "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
            ]))
        },
        BenignTemplate("masked-output", .credential) { r in
            Placement(.text, "log", r.pick([
                "\(timestamp(&r)) DEBUG connecting with password=[REDACTED] host=db port=5432",
                "\(timestamp(&r)) INFO config {\"apiKey\": \"***\", \"region\": \"eu\"}",
                "Authorization: Bearer ****\(r.string(.digits, 4))",
                "token: sk_live_...\(r.string(.alnum, 4)) (hidden)",
                "\(timestamp(&r)) WARN login failed for user=\(r.pick(SecretShape.givenNames)) reason=invalid_password attempts=\(r.int(1...5))",
            ]))
        },
        BenignTemplate("i18n-strings", .credential) { r in
            // Message catalogues as files (a JSON catalogue under a "password" key is a JSON body,
            // which the structural JSON-key redaction always takes).
            Placement(.text, "i18n", r.pick([
                "es:\n  auth:\n    password: \"Contraseña\"\n    repeat_password: \"Repite la contraseña\"\n    api_key: \"Clave de API\"\n",
                "login.password=Mot de passe\nlogin.forgot=Mot de passe oublié ?\ntoken.expired=Votre jeton a expiré.\n",
                "msgid \"Password\"\nmsgstr \"Passwort\"\n\nmsgid \"Password must be at least %d characters\"\nmsgstr \"Das Passwort muss mindestens %d Zeichen lang sein\"\n",
                "<string name=\"password\">パスワード</string>\n<string name=\"password_hint\">\(r.int(8...12))文字以上で入力してください</string>",
            ]))
        },
        BenignTemplate("i18n-bundle-properties", .credential) { r in
            // Java/Spring message bundles: the word for "password" in the bundle's language.
            let (language, word, label) = r.pick([("sv", "Lösenord", "API-nyckel"), ("fi", "Salasana", "API-avain"), ("pl", "Hasło", "Klucz API"),
                                                  ("cs", "Heslo", "Klíč API"), ("hu", "Jelszó", "API-kulcs"), ("tr", "Şifre", "API anahtarı"),
                                                  ("ru", "Пароль", "Ключ API"), ("ja", "パスワード", "APIキー"), ("zh", "密码", "API 密钥"),
                                                  ("ko", "비밀번호", "API 키"), ("da", "Adgangskode", "API-nøgle"), ("el", "Κωδικός", "Κλειδί API"),
                                                  ("de", "Passwort", "API-Schlüssel"), ("ro", "Parolă", "Cheie API")])
            return Placement(.text, "properties", "# messages_\(language).properties\nlogin.title=Login\npassword=\(word)\napi_key=\(label)\nbutton.submit=OK\n")
        },
        BenignTemplate("cli-help", .credential) { r in
            Placement(.text, "text", r.pick([
                "  -p, --password PASSWORD   password to use when connecting to the server\n  -t, --token TOKEN         API token (default: $API_TOKEN)",
                "Usage: deploy [--api-key <key>] [--secret-file <path>] [--dry-run]",
                "  --client-secret string   OAuth client secret (env CLIENT_SECRET)\n  --timeout duration       request timeout (default 30s)",
            ]))
        },
        BenignTemplate("docs-placeholder", .credential) { r in
            Placement(.text, "markdown", r.pick([
                "```sh\nexport API_KEY=<your-api-key>\ncurl -H \"Authorization: Bearer $API_KEY\" https://api.example.com/v1/me\n```",
                "Set `DB_PASSWORD` in your `.env` file (see `.env.example`), then run `make migrate`.",
                "| Variable | Description |\n|---|---|\n| `SECRET_KEY` | Random string used to sign sessions. |\n| `API_TOKEN` | Token from the dashboard. |",
                "password: \"your-password-here\"   # replace before deploying",
                "client_secret = \"...\"  # from the console",
            ]))
        },
        BenignTemplate("substitution-syntax", .credential) { r in
            // Values that deploy tools substitute: Azure DevOps/Octopus tokens, Symfony env
            // processors, Concourse vars, Key Vault references, CloudFormation, Grafana providers.
            Placement(.text, "yaml", r.pick([
                "password=@@DB_PASSWORD@@", "database:\n  password: '%env(DB_PASSWORD)%'", "  password: \"((db_password))\"",
                "DB_PASSWORD: \"@Microsoft.KeyVault(SecretUri=https://kv-\(r.pick(["prod", "dev"])).vault.azure.net/secrets/db-password/)\"",
                "MasterUserPassword: !Ref DbPassword", "password: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
                "password: $__file{/run/secrets/db_password}", "api_key: ${API_KEY:-changeme}", "password: !secret mqtt_password",
            ]))
        },
        BenignTemplate("note-instead-of-value", .credential) { r in
            Placement(.text, "text", "staging db\n  host: db-\(r.int(1...9)).internal\n  user: app\n  password: \(r.pick(["see 1Password", "ask Ann", "in the vault", "(none)", "N/A", "same as staging"]))\n")
        },
        BenignTemplate("key-name-constant", .credential) { r in
            Placement(.text, "code", r.pick([
                "private const val PREF_TOKEN = \"pref_auth_token_\(r.int(2...9))\"", "export const TOKEN_STORAGE_KEY = 'auth-token-v\(r.int(2...9))';",
                "static let apiKeyAccount: String = \"com.example.api-key.\(r.int(2...9))\"", "SECRET_NAME = \"prod/db-secret-\(r.int(2...9))\"",
                "kubectl create secret generic db --from-file=password=./pw.txt --from-file=api_key=./key-\(r.int(2...9)).txt",
            ]))
        },
        BenignTemplate("token-metadata", .credential) { r in
            Placement(.json, "json", #"{"token_type":"Bearer","expires_in":\#(r.int(300...86400)),"scope":"read write","token_endpoint":"https://auth.example.com/oauth2/token","password_policy":{"min_length":\#(r.int(8...14))}}"#)
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
        BenignTemplate("sse-progress", .pii) { r in
            // Streamed job progress: counts, sizes and ids that are all digits.
            Placement(.sse, "text", "processed \(r.int(1000...99999)) of \(r.int(100000...9999999)) rows (\(r.int(1...99)) %), batch \(r.string(.digits, 10)), \(r.int(10...900)) ms")
        },
        BenignTemplate("coordinates", .pii) { r in Placement(.sse, "json", #"{"lat":\#(r.int(-89...89)).\#(r.string(.digits, 4)),"lon":\#(r.int(-179...179)).\#(r.string(.digits, 4)),"accuracy":\#(r.int(5...50))}"#) },
        BenignTemplate("duration", .pii) { r in Placement(.form, "form", "timeout_ms=\(r.int(1000...99999))&retries=\(r.int(0...5))&size=\(r.int(1_000_000...9_999_999))") },
        // Third batch: timestamps, versions, tracking and order numbers, book and product codes,
        // meeting IDs, postcodes and other numbers with phone-like digit runs.
        BenignTemplate("timestamp-formats", .pii) { r in
            let d = r.int(10...28), h = r.int(10...23), m = r.int(10...59), s = r.int(10...59)
            return Placement(.text, "log", r.pick([
                "10.0.\(r.int(0...9)).\(r.int(2...250)) - - [\(d)/Nov/2026:\(h):\(m):\(s) +0000] \"GET /health HTTP/1.1\" 200 \(r.int(10...999))",
                "Last-Modified: Thu, \(d) Nov 2026 \(h):\(m):\(s) GMT",
                "2026-11-\(d) \(h):\(m):\(s).\(r.string(.digits, 6))+00 LOG:  checkpoint complete",
                "X-Amz-Date: 202611\(d)T\(h)\(m)\(s)Z",
                "I1127 \(h):\(m):\(s).\(r.string(.digits, 6))    \(r.int(1...99)) controller.go:\(r.int(10...999))] synced",
            ]))
        },
        BenignTemplate("version-strings", .pii) { r in
            Placement(.text, "text", r.pick([
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/\(r.int(120...135)).0.\(r.int(6000...6999)).\(r.int(10...200)) Safari/537.36",
                "Linux version 6.\(r.int(1...12)).0-\(r.int(10...60))-generic (buildd@lcy02-amd64-0\(r.int(10...99))) #\(r.int(10...99))-Ubuntu",
                "Microsoft Windows [Version 10.0.\(r.int(19041...26100)).\(r.int(1000...5000))]",
                "OpenSSL \(r.int(1...3)).\(r.int(0...4)).\(r.int(1...15)) \(r.int(1...28)) Oct 2026",
                "Build \(r.int(2024...2026))\(String(format: "%02d", r.int(1...12)))\(String(format: "%02d", r.int(1...28))).\(r.int(1...9)) (\(r.string(.hex, 9)))",
            ]))
        },
        BenignTemplate("tracking-number", .pii) { r in
            Placement(.text, "prose", r.pick([
                "Your parcel is on its way. Tracking number: 1Z\(r.string(.upperAlnum, 6))\(r.string(.digits, 10))",
                "USPS tracking: 9400 \(r.string(.digits, 4)) \(r.string(.digits, 4)) \(r.string(.digits, 4)) \(r.string(.digits, 4)) \(r.string(.digits, 2))",
                "FedEx \(r.pick(["7", "8"]))\(r.string(.digits, 3)) \(r.string(.digits, 4)) \(r.string(.digits, 4)) — delivered",
                "Sendungsnummer: 00340434\(r.string(.digits, 12))",
                "Amazon order #\(r.int(100...999))-\(r.string(.digits, 7))-\(r.string(.digits, 7)) has shipped",
            ]))
        },
        BenignTemplate("isbn-product-code", .pii) { r in
            Placement(.text, "text", r.pick([
                "ISBN 978-\(r.int(0...9))-\(r.string(.digits, 3))-\(r.string(.digits, 5))-\(r.int(0...9))",
                "ISBN-10: 0-\(r.string(.digits, 3))-\(r.string(.digits, 5))-\(r.int(0...9))",
                "Part no. 0\(r.int(10...99))-\(r.string(.digits, 4))-\(r.string(.digits, 3)) (rev. B)",
                "Art.-Nr. \(r.string(.digits, 4))/\(r.string(.digits, 4)) · Menge \(r.int(1...20))",
                "Model: WD-\(r.string(.digits, 3))-\(r.string(.digits, 3))-\(r.string(.digits, 4)), firmware \(version(&r))",
                "SKU \(r.string(.digits, 3)).\(r.string(.digits, 3)).\(r.string(.digits, 2)) in stock",
            ]))
        },
        BenignTemplate("meeting-id", .pii) { r in
            Placement(.text, "prose", "Join the meeting: https://example.zoom.us/j/\(r.string(.digits, 10))\nMeeting ID: \(r.int(800...999)) \(r.string(.digits, 4)) \(r.string(.digits, 4))")
        },
        BenignTemplate("address-postcode", .pii) { r in
            Placement(.text, "text", r.pick([
                "Hauptstraße \(r.int(1...200)), \(r.int(10115...99998)) Berlin",
                "\(r.int(1...200)) rue de Rivoli, 750\(String(format: "%02d", r.int(1...20))) Paris",
                "Calle Mayor \(r.int(1...99)), 280\(String(format: "%02d", r.int(1...50))) Madrid",
                "Postbus \(r.int(1000...99999)), \(r.int(1000...9999)) AB Amsterdam",
            ]))
        },
        BenignTemplate("network-numbers", .pii) { r in
            Placement(.text, "log", "link up: mac=\(r.string(.hex, 2)):\(r.string(.hex, 2)):\(r.string(.hex, 2)):\(r.string(.hex, 2)):\(r.string(.hex, 2)):\(r.string(.hex, 2)) ip=\(ipv4(&r))/\(r.pick([16, 24])) mtu=1500 rx=\(r.int(1_000_000...999_999_999)) tx=\(r.int(1_000_000...999_999_999))")
        },
        BenignTemplate("measurement", .pii) { r in
            Placement(.json, "json", #"{"duration":"0\#(r.int(0...9)):\#(r.int(10...59)):\#(r.int(10...59)).\#(r.string(.digits, 3))","bytes":\#(r.int(100_000_000...999_999_999)),"p99_ms":\#(r.int(100...999)).\#(r.int(1...9)),"range":"\#(r.int(1000...9999))-\#(r.int(1000...9999))"}"#)
        },
    ]

    static let tuningFinancial: [BenignTemplate] = [
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.text, "log", "lookup failed for reference \(luhnInvalid(&r)) (not a card)") },
        BenignTemplate("luhn-invalid", .financial) { r in Placement(.json, "json", #"{"shipmentId":"\#(luhnInvalid(&r))","carrier":"dhl"}"#) },
        BenignTemplate("order-number", .financial) { r in Placement(.text, "log", "ORD-2026-\(r.string(.digits, 6)) paid, invoice INV-\(r.string(.digits, 9))") },
        BenignTemplate("price", .financial) { r in Placement(.json, "json", #"{"total":"$\#(r.int(1...9)),\#(r.string(.digits, 3)).\#(r.string(.digits, 2))","vat":"€ \#(r.int(1...999)),\#(r.string(.digits, 2))","items":\#(r.int(1...9))}"#) },
        BenignTemplate("sse-price-tick", .financial) { r in
            Placement(.sse, "json", #"{"symbol":"\#(r.pick(["BTC-EUR", "AAPL", "EURUSD"]))","bid":\#(r.int(1...99999)).\#(r.string(.digits, 4)),"ask":\#(r.int(1...99999)).\#(r.string(.digits, 4)),"volume":\#(r.int(100...99_999_999)),"seq":\#(r.int(1...999999))}"#)
        },
        BenignTemplate("epoch-ms", .financial) { r in Placement(.sse, "json", #"{"ts":\#(r.int(1_700_000_000_000...1_799_999_999_999)),"seq":\#(r.int(1...9999))}"#) },
        BenignTemplate("invalid-iban", .financial) { r in Placement(.text, "log", "rejected payout account \(invalidIBAN(&r)): checksum mismatch") },
        BenignTemplate("amount-cents", .financial) { r in Placement(.form, "form", "amount=\(r.int(100...999999))&currency=eur&order_id=\(r.string(.digits, 10))") },
        BenignTemplate("cvc-like-number", .financial) { r in Placement(.text, "log", "retry \(r.int(1...5)) in \(r.int(100...999)) ms, status \(r.pick([402, 429, 503]))") },
        BenignTemplate("url-order", .financial) { r in Placement(.url, "url", "https://shop.example.com/orders/\(r.string(.digits, 8))?page=\(r.int(1...5))") },
        // Third batch: numbers that look like cards or accounts and are not: grouped Luhn-invalid
        // runs, masked cards, barcodes, securities IDs, VAT IDs, IBAN placeholders, receipts.
        BenignTemplate("luhn-invalid-grouped", .financial) { r in
            let n = luhnInvalid(&r, length: 16), c = Array(n)
            let g = [0, 4, 8, 12].map { String(c[$0..<($0 + 4)]) }
            return Placement(.text, "prose", "Reference \(g.joined(separator: r.pick([" ", "-"]))) could not be matched to a payment.")
        },
        BenignTemplate("masked-card", .financial) { r in
            Placement(.text, "text", r.pick(["Visa •••• \(r.string(.digits, 4)) (default)",
                                              "Card: **** **** **** \(r.string(.digits, 4))", "Mastercard ending in \(r.string(.digits, 4))",
                                              "XXXX-XXXX-XXXX-\(r.string(.digits, 4)) charged EUR \(r.int(1...999)).\(r.string(.digits, 2))"]))
        },
        BenignTemplate("barcode", .financial) { r in Placement(.text, "csv", "sku,ean,qty\n\(r.string(.upperAlnum, 6)),\(ean13(&r)),\(r.int(1...50))\n") },
        BenignTemplate("isin", .financial) { r in Placement(.text, "text", "Bought \(r.int(1...500)) shares of ISIN \(isin(&r)) at \(r.int(10...999)).\(r.string(.digits, 2))") },
        BenignTemplate("vat-id", .financial) { r in
            Placement(.text, "text", r.pick(["USt-IdNr.: DE\(r.string(.digits, 9))", "N° TVA intracommunautaire : FR\(r.string(.digits, 11))",
                                              "Partita IVA: IT\(r.string(.digits, 11))", "VAT Reg. No. GB\(r.string(.digits, 9))", "BTW-nummer: NL\(r.string(.digits, 9))B0\(r.int(1...9))"]))
        },
        BenignTemplate("iban-placeholder", .financial) { r in
            // (A placeholder right after an `iban` name, `iban: XX00…`, is taken by the structural
            // name rule built from structural.toml, which the engine would have to learn to skip.)
            Placement(.text, "markdown", r.pick(["Enter your IBAN (e.g. `DE00 0000 0000 0000 0000 00`).", "Format: XX00XXXX0000000000 (country, check digits, account)", "Enter your IBAN (e.g. `GB00 BANK 0000 0000 0000 00`).",
                                                  "BIC: \(r.pick(["DEUTDEFF", "COBADEFFXXX", "BNPAFRPP", "INGBNL2A"]))"]))
        },
        BenignTemplate("receipt-numbers", .financial) { r in
            Placement(.text, "text", "TERMINAL-ID \(r.string(.digits, 8))\nTA-NR \(r.string(.digits, 6))  BELEG \(r.string(.digits, 4))\nAUTH CODE \(r.string(.upperAlnum, 6))\nREF \(luhnInvalid(&r, length: 12))")
        },
        BenignTemplate("invoice-number", .financial) { r in
            Placement(.json, "json", #"{"invoiceNumber":"RE-2026-\#(r.string(.digits, 6))","customerNumber":"\#(r.string(.digits, 8))","orderId":"\#(r.int(100...999))-\#(r.string(.digits, 7))-\#(r.string(.digits, 7))","total":\#(r.int(10...9999)).\#(r.string(.digits, 2))}"#)
        },
    ]
}


extension BenignTemplate {
    /// An EAN-13 barcode with a German prefix and a valid EAN check digit, not Luhn-valid (so it
    /// cannot also be read as a 13-digit card number).
    static func ean13(_ r: inout SplitMix64) -> String {
        while true {
            let payload = r.pick(["400", "401", "402", "403", "404", "405", "406", "407", "408", "409", "440"]) + r.string(.digits, 9)
            let sum = payload.enumerated().map { ($0.offset % 2 == 0 ? 1 : 3) * $0.element.wholeNumberValue! }.reduce(0, +)
            let code = payload + String((10 - sum % 10) % 10)
            if !Checksum.luhnValid(code) { return code }
        }
    }

    /// An ISIN (ISO 6166): country, nine alphanumerics, and the check digit of its Luhn over
    /// letters expanded to numbers.
    static func isin(_ r: inout SplitMix64) -> String {
        let body = r.pick(["US", "DE", "FR", "GB", "CH", "NL", "JP"]) + r.string(.digits, 1) + r.string(.upperAlnum, 8)
        let expanded = body.map { $0.isNumber ? String($0) : String(Int($0.asciiValue!) - 55) }.joined()
        return body + String(Checksum.luhnCheckDigit(expanded))
    }
}
