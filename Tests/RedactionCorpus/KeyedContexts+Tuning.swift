import Foundation
import LoupeRedaction

// The TUNING set's syntaxes for a named value. The held-out set uses other templates
// (KeyedContexts+HeldOut.swift): keep the two lists disjoint.

extension KeyedContext {
    static let tuning: [KeyedContext] = [
        KeyedContext("env") { input, r in
            let v = input.value
            let text = "# \(r.pick(["local development", "staging", "copied from 1Password", "do not commit"]))\n"
                + "\(input.name.upperSnake)=\(v)\nLOG_LEVEL=\(r.pick(["info", "debug"]))\n"
            return Placement(.text, "env", text, secrets: [v])
        },
        KeyedContext("yaml") { input, r in
            let v = Encode.yaml(input.value)
            let text = "\(r.pick(["service", "integrations", "app"])):\n  name: \(r.pick(["billing", "search", "notifier"]))\n"
                + "  \(input.name.snake): \(v)\n  timeout: \(r.int(5...60))s\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("ini") { input, r in
            let text = "[\(r.pick(["default", "production", "remote \"origin\""]))]\nregion = eu-west-\(r.int(1...3))\n"
                + "\(input.name.snake) = \(input.value)\n"
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("json-body") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"\#(input.name.snake)":"\#(v)","region":"eu-west-\#(r.int(1...3))","dryRun":false}"#
            return Placement(.json, "json", text, secrets: [v])
        },
        KeyedContext("provider-header") { input, _ in
            Placement(.header(input.header.name), "header", input.header.scheme + input.value, secrets: [input.value])
        },
        KeyedContext("url-query") { input, r in
            let v = Encode.percent(input.value)
            let text = "https://api.example.com/v\(r.int(1...3))/items?\(input.name.snake)=\(v)&page=\(r.int(1...9))"
            return Placement(.url, "url", text, secrets: [v])
        },
        KeyedContext("form") { input, r in
            let v = Encode.form(input.value)
            let text = "grant_type=client_credentials&\(input.name.snake)=\(v)&scope=\(r.pick(["read", "read+write", "admin"]))"
            return Placement(.form, "form", text, secrets: [v])
        },
        KeyedContext("sse-json") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"type":"config.updated","\#(input.name.camel)":"\#(v)","seq":\#(r.int(1...999))}"#
            return Placement(.sse, "json", text, secrets: [v])
        },
        KeyedContext("log-kv") { input, r in
            let text = "2026-11-25T09:14:\(r.int(10...59)).512Z INFO  [config] loaded \(input.name.snake)=\(input.value) from environment"
            return Placement(.text, "log", text, secrets: [input.value])
        },
        KeyedContext("shell-export") { input, _ in
            Placement(.text, "shell", "export \(input.name.upperSnake)=\(Encode.shell(input.value))\n", secrets: [input.value])
        },
        KeyedContext("curl-header") { input, r in
            let text = "curl -sS -H \"\(input.header.name): \(input.header.scheme)\(input.value)\" https://api.example.com/v1/\(r.pick(["me", "projects", "jobs?limit=5"]))"
            return Placement(.text, "curl", text, secrets: [input.value])
        },
        KeyedContext("python-assignment") { input, _ in
            Placement(.text, "python", "\(input.name.upperSnake) = \"\(Encode.json(input.value))\"\n", secrets: [Encode.json(input.value)])
        },
        KeyedContext("log-embedded-json") { input, r in
            let v = Encode.json(input.value)
            let text = "Nov 25 09:14:\(r.int(10...59)) web-\(r.int(1...4)) app[\(r.int(200...999))]: request body {\"\(input.name.snake)\": \"\(v)\", \"retry\": \(r.int(0...3))}"
            return Placement(.text, "log", text, secrets: [v])
        },
        KeyedContext("js-object") { input, _ in
            let text = "const client = new Client({ \(input.name.camel): \"\(Encode.json(input.value))\", timeout: 5000 });"
            return Placement(.text, "code", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("toml") { input, r in
            let text = "title = \"\(r.pick(["worker", "gateway", "cron"]))\"\n\(input.name.snake) = \"\(Encode.json(input.value))\"\n"
            return Placement(.text, "toml", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("properties") { input, r in
            let text = "# \(r.pick(["application.properties", "gradle.properties"]))\n\(input.name.snake)=\(input.value)\n"
            return Placement(.text, "properties", text, secrets: [input.value])
        },
        KeyedContext("xml-element-attribute") { input, r in
            let v = Encode.xml(input.value)
            let text = "<integration name=\"\(r.pick(["billing", "search", "alerts"]))\" \(input.name.camel)=\"\(v)\" enabled=\"true\"/>"
            return Placement(.text, "xml", text, secrets: [v])
        },
        // Second batch: the syntaxes of deployment files, command lines and code where a name
        // and its value are separated by more than `=` or `:` (a list item, a function's
        // arguments, a sibling "name"/"value" pair).
        KeyedContext("env-single-quoted") { input, r in
            let text = "\(input.name.upperSnake)='\(input.value)'   # \(r.pick(["rotated monthly", "owner: platform", "prod"]))\n"
            return Placement(.text, "env", text, secrets: [input.value])
        },
        KeyedContext("compose-environment-list") { input, r in
            let text = "services:\n  \(r.pick(["api", "worker"])):\n    image: acme/app:\(r.int(1...9)).\(r.int(0...9))\n"
                + "    environment:\n      - \(input.name.upperSnake)=\(input.value)\n      - TZ=UTC\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("actions-env-map") { input, r in
            let text = "    steps:\n      - run: ./deploy.sh\n        env:\n          \(input.name.upperSnake): \(Encode.yaml(input.value))\n"
                + "          RETRIES: \"\(r.int(1...5))\"\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("pod-env-name-value") { input, r in
            let v = Encode.yaml(input.value)
            let text = "      containers:\n        - name: \(r.pick(["app", "sidecar"]))\n          env:\n"
                + "            - name: \(input.name.upperSnake)\n              value: \(v)\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("task-definition-json") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"containerDefinitions":[{"name":"\#(r.pick(["web", "jobs"]))","environment":[{"name":"\#(input.name.upperSnake)","value":"\#(v)"},{"name":"PORT","value":"8080"}]}]}"#
            return Placement(.json, "json", text, secrets: [v])
        },
        KeyedContext("dotnet-app-settings") { input, r in
            let v = Encode.xml(input.value)
            let text = "<appSettings>\n  <add key=\"\(input.name.pascal)\" value=\"\(v)\" />\n  <add key=\"Retries\" value=\"\(r.int(1...5))\" />\n</appSettings>"
            return Placement(.text, "xml", text, secrets: [v])
        },
        KeyedContext("ini-pascal-compact") { input, r in
            let text = "[\(r.pick(["Service", "Mail", "Storage"]))]\nEnabled=1\n\(input.name.pascal)=\(input.value)\n"
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("toml-inline-table") { input, r in
            let v = Encode.json(input.value)
            let text = "[\(r.pick(["providers", "clients"]))]\n\(r.pick(["billing", "mailer"])) = { url = \"https://api.example.com\", \(input.name.snake) = \"\(v)\" }\n"
            return Placement(.text, "toml", text, secrets: [v])
        },
        KeyedContext("spring-kebab-properties") { input, r in
            let text = "\(r.pick(["app", "acme.integration"])).\(input.name.kebab)=\(input.value)\nserver.port=8080\n"
            return Placement(.text, "properties", text, secrets: [input.value])
        },
        KeyedContext("logfmt") { input, r in
            let text = "ts=2026-11-25T09:14:\(r.int(10...59))Z level=debug msg=\"client configured\" \(input.name.snake)=\(input.value) attempt=\(r.int(1...3))"
            return Placement(.text, "log", text, secrets: [input.value])
        },
        KeyedContext("terraform-provider-block") { input, r in
            let v = Encode.json(input.value)
            let text = "provider \"\(r.pick(["acme", "cloudflare", "datadog"]))\" {\n  \(input.name.snake) = \"\(v)\"\n  region = \"eu\"\n}\n"
            return Placement(.text, "terraform", text, secrets: [v])
        },
        KeyedContext("terraform-variable-default") { input, _ in
            let v = Encode.json(input.value)
            let text = "variable \"\(input.name.snake)\" {\n  type    = string\n  default = \"\(v)\"\n}\n"
            return Placement(.text, "terraform", text, secrets: [v])
        },
        KeyedContext("powershell-env") { input, _ in
            let text = "$env:\(input.name.upperSnake) = \"\(input.value)\"\n.\\deploy.ps1 -Verbose\n"
            return Placement(.text, "powershell", text, secrets: [input.value])
        },
        KeyedContext("systemd-environment") { input, r in
            let text = "[Service]\nEnvironment=\"\(input.name.upperSnake)=\(input.value)\"\nExecStart=/usr/local/bin/\(r.pick(["api", "worker"]))\n"
            return Placement(.text, "systemd", text, secrets: [input.value])
        },
        KeyedContext("dockerfile-env") { input, r in
            let text = "FROM node:\(r.int(18...22))-slim\nENV \(input.name.upperSnake)=\(Encode.shell(input.value))\nRUN npm ci\n"
            return Placement(.text, "dockerfile", text, secrets: [input.value])
        },
        KeyedContext("docker-run-e") { input, r in
            let text = "docker run --rm -e \(input.name.upperSnake)=\(Encode.shell(input.value)) -p \(r.int(3000...9000)):8080 acme/api:latest"
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("go-setenv") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.text, "code", "os.Setenv(\"\(input.name.upperSnake)\", \"\(v)\")", secrets: [v])
        },
        KeyedContext("java-set-property") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.text, "code", "props.setProperty(\"\(input.name.dotted)\", \"\(v)\");", secrets: [v])
        },
        KeyedContext("ruby-env-index") { input, _ in
            let text = "ENV['\(input.name.upperSnake)'] = '\(input.value)'\n"
            return Placement(.text, "code", text, secrets: [input.value])
        },
        KeyedContext("python-environ-index") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.text, "python", "os.environ[\"\(input.name.upperSnake)\"] = \"\(v)\"\n", secrets: [v])
        },
        KeyedContext("php-define") { input, _ in
            let text = "define('\(input.name.upperSnake)', '\(input.value)');"
            return Placement(.text, "code", text, secrets: [input.value])
        },
        KeyedContext("httpie-field") { input, r in
            let text = "http --json POST https://api.example.com/v1/\(r.pick(["hooks", "sessions"])) \(input.name.snake)=\(Encode.shell(input.value)) name=ci"
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("curl-data-json") { input, _ in
            let v = Encode.json(input.value)
            let text = "curl -X POST https://api.example.com/v1/login -H 'Content-Type: application/json' -d '{\"\(input.name.camel)\":\"\(v)\"}'"
            return Placement(.text, "curl", text, secrets: [v])
        },
        KeyedContext("json-nested") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"data":{"settings":{"\#(r.pick(["integrations", "auth"]))":{"\#(input.name.camel)":"\#(v)","enabled":true}}},"version":\#(r.int(1...9))}"#
            return Placement(.json, "json", text, secrets: [v])
        },
        KeyedContext("yaml-flow-map") { input, r in
            let text = "\(r.pick(["mailer", "storage"])): {\(input.name.snake): \(Encode.yaml(input.value)), retries: \(r.int(1...5))}\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("cli-config-set") { input, r in
            let text = r.pick(["heroku config:set", "fly secrets set", "dokku config:set api"]) + " \(input.name.upperSnake)=\(Encode.shell(input.value))"
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("markdown-table-row") { input, r in
            let text = "| variable | value |\n|---|---|\n| `\(input.name.upperSnake)` | `\(input.value)` |\n| `REGION` | `eu-west-\(r.int(1...3))` |\n"
            return Placement(.text, "markdown", text, secrets: [input.value])
        },
    ]

    static let tuningBare: [BareContext] = [
        BareContext("log-sentence") { v, r in
            let text = "2026-11-25 09:14:03,\(r.int(100...999)) WARN auth: rejected credential \(v) for client \(r.int(1000...9999))"
            return Placement(.text, "log", text, secrets: [v])
        },
        BareContext("json-message") { v, r in
            let text = #"{"level":"warn","message":"pasted \#(Encode.json(v)) into the chat","line":\#(r.int(1...400))}"#
            return Placement(.json, "json", text, secrets: [Encode.json(v)])
        },
        // Second batch: a value between the punctuation of prose, tables, markup and lists.
        BareContext("prose-sentence-end") { v, r in
            let text = "\(r.pick(["Please call back on", "The customer gave", "Reply to"])) \(v). \(r.pick(["Thanks!", "Ticket closed.", "See notes."]))"
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("prose-parenthesized") { v, r in
            let text = "Escalated to the on-call engineer (\(v)) at 09:\(r.int(10...59)); no reply yet."
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("csv-row") { v, r in
            let text = "id,name,contact,created\n\(r.int(1000...9999)),\(r.pick(["Ann", "Bo", "Chidi"])),\(v),2026-11-\(r.int(10...28))\n"
            return Placement(.text, "csv", text, secrets: [v])
        },
        BareContext("tsv-row") { v, r in
            Placement(.text, "tsv", "\(r.int(1...99))\t\(v)\tpending\n", secrets: [v])
        },
        BareContext("html-cell") { v, r in
            let text = "<tr><td>\(r.pick(["Primary", "Backup"]))</td><td>\(Encode.xml(v))</td></tr>"
            return Placement(.text, "html", text, secrets: [Encode.xml(v)])
        },
        BareContext("markdown-bullet") { v, r in
            let text = "## \(r.pick(["Incident notes", "Handover"]))\n\n- \(v)\n- owner: platform team\n"
            return Placement(.text, "markdown", text, secrets: [v])
        },
        BareContext("sql-literal") { v, r in
            let text = "SELECT id FROM \(r.pick(["customers", "leads"])) WHERE contact = '\(v.replacingOccurrences(of: "'", with: "''"))' LIMIT 1;"
            return Placement(.text, "sql", text, secrets: [v.replacingOccurrences(of: "'", with: "''")])
        },
        BareContext("json-array") { v, r in
            let text = #"{"ids":[\#(r.int(1...99)),\#(r.int(100...999))],"values":["\#(Encode.json(v))","n/a"]}"#
            return Placement(.json, "json", text, secrets: [Encode.json(v)])
        },
        BareContext("bracketed-log") { v, r in
            let text = "[2026-11-25 09:14:\(r.int(10...59))] [worker-\(r.int(1...8))] [\(v)] retry scheduled"
            return Placement(.text, "log", text, secrets: [v])
        },
        BareContext("quoted-in-message") { v, r in
            let text = "ERROR validation failed for input '\(v)': \(r.pick(["unexpected format", "rejected by upstream"]))"
            return Placement(.text, "log", text, secrets: [v])
        },
        BareContext("line-wrapped-text") { v, r in
            let text = "Hi team,\nthe value below came in through the \(r.pick(["support form", "chat widget"])):\n\(v)\nregards"
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("sse-plain-data") { v, _ in
            Placement(.sse, "text", "partial result: \(v)", secrets: [v])
        },
        BareContext("sse-delta") { v, _ in
            let text = #"{"delta":"Here is the value you asked for: \#(Encode.json(v))","done":false}"#
            return Placement(.sse, "json", text, secrets: [Encode.json(v)])
        },
    ]
}
