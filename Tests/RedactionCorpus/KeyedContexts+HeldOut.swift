import Foundation
import LoupeRedaction

// The HELD-OUT set's syntaxes for a named value: other syntaxes and other surrounding text than
// KeyedContexts+Tuning.swift. Nobody tunes rules on these; do not copy them into the tuning list.

extension KeyedContext {
    static let heldOut: [KeyedContext] = [
        KeyedContext("toml-dotted-or-inline") { input, r in
            let v = Encode.json(input.value)
            let text = r.chance(0.5)
                ? "[servers.\(r.pick(["alpha", "beta"]))]\nip = \"10.0.0.\(r.int(2...250))\"\nauth.\(input.name.snake) = '\(v)'\n"
                : "upstream = { host = \"api.internal\", \(input.name.snake) = \"\(v)\", retries = \(r.int(1...5)) }\n"
            return Placement(.text, "toml", text, secrets: [v])
        },
        KeyedContext("properties") { input, r in
            let text = "\(r.pick(["app", "spring.cloud", "quarkus"])).\(input.name.dotted)=\(input.value)\nserver.port=\(r.int(8000...8999))\n"
            return Placement(.text, "properties", text, secrets: [input.value])
        },
        KeyedContext("xml-attribute") { input, _ in
            let v = Encode.xml(input.value)
            let text = "<appSettings>\n  <add key=\"\(input.name.pascal)\" value=\"\(v)\" />\n</appSettings>"
            return Placement(.text, "xml", text, secrets: [v])
        },
        KeyedContext("json-nested") { input, r in
            let v = Encode.json(input.value)
            let text = "{\n  \"data\": {\n    \"integrations\": [\n      {\n        \"id\": \(r.int(1...99)),\n        \"settings\": { \"\(input.name.camel)\": \"\(v)\" }\n      }\n    ]\n  }\n}"
            return Placement(.json, "json", text, secrets: [v])
        },
        KeyedContext("custom-header") { input, _ in
            Placement(.header(input.name.header.lowercased()), "header", input.value, secrets: [input.value])
        },
        KeyedContext("url-callback") { input, r in
            let v = Encode.percent(input.value)
            let text = "http://localhost:\(r.int(3000...9000))/oauth/callback?state=\(r.string(.lowerAlnum, 8))&\(input.name.camel)=\(v)&mode=popup"
            return Placement(.url, "url", text, secrets: [v])
        },
        KeyedContext("form-login") { input, r in
            let v = Encode.form(input.value)
            let text = "utf8=%E2%9C%93&account=\(r.pick(["ops", "ci-bot", "deploy"]))&\(input.name.camel)=\(v)&remember_me=1"
            return Placement(.form, "form", text, secrets: [v])
        },
        KeyedContext("sse-text") { input, _ in
            Placement(.sse, "text", "setting \(input.name.kebab) changed to \(input.value) by admin", secrets: [input.value])
        },
        KeyedContext("logfmt") { input, r in
            let text = "ts=2026-11-25T09:\(r.int(10...59)):07Z level=debug msg=\"client init\" \(input.name.kebab)=\(input.value) caller=client.go:\(r.int(20...300))"
            return Placement(.text, "logfmt", text, secrets: [input.value])
        },
        KeyedContext("powershell-env") { input, _ in
            Placement(.text, "powershell", "$env:\(input.name.upperSnake) = \"\(input.value.replacingOccurrences(of: "$", with: "`$"))\"", secrets: [input.value.replacingOccurrences(of: "$", with: "`$")])
        },
        KeyedContext("dockerfile") { input, r in
            let text = "FROM node:\(r.int(18...22))-alpine\n\(r.pick(["ENV", "ARG"])) \(input.name.upperSnake)=\(Encode.shell(input.value))\nRUN npm ci"
            return Placement(.text, "dockerfile", text, secrets: [input.value])
        },
        KeyedContext("k8s-env-list") { input, _ in
            let text = "      env:\n        - name: \(input.name.upperSnake)\n          value: \(Encode.yaml(input.value))\n        - name: NODE_ENV\n          value: production"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("java-constant") { input, _ in
            Placement(.text, "java", "    private static final String \(input.name.upperSnake) = \"\(Encode.json(input.value))\";", secrets: [Encode.json(input.value)])
        },
        KeyedContext("markdown-prose") { input, _ in
            Placement(.text, "markdown", "To reproduce, set `\(input.name.upperSnake)` to `\(input.value)` and run `make e2e`.", secrets: [input.value])
        },
        KeyedContext("systemd") { input, _ in
            Placement(.text, "systemd", "[Service]\nEnvironment=\"\(input.name.upperSnake)=\(input.value)\"\nExecStart=/usr/local/bin/worker", secrets: [input.value])
        },
        KeyedContext("terraform") { input, r in
            let text = "provider \"\(r.pick(["acme", "internal", "vendor"]))\" {\n  \(input.name.snake) = \"\(Encode.json(input.value))\"\n}"
            return Placement(.text, "hcl", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("httpie") { input, r in
            let text = "http --print=HBhb \(r.pick(["POST", "GET"])) api.example.com/v2/sync '\(input.header.name):\(input.header.scheme)\(input.value)'"
            return Placement(.text, "cli", text, secrets: [input.value])
        },
        KeyedContext("python-requests") { input, _ in
            let text = "resp = requests.get(url, headers={\"\(input.header.name)\": \"\(input.header.scheme)\(Encode.json(input.value))\"}, timeout=10)"
            return Placement(.text, "python", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("env-quoted") { input, r in
            let text = "\(input.name.upperSnake)=\"\(input.value)\"  # \(r.pick(["rotated 2026-10", "owner: platform", "see runbook"]))\nDEBUG=false"
            return Placement(.text, "env", text, secrets: [input.value])
        },
        KeyedContext("ini-pascal") { input, r in
            let text = "; generated \(r.pick(["by setup.exe", "on install"]))\n[\(r.pick(["Credentials", "Service"]))]\n\(input.name.pascal)=\(input.value)\nTimeout=30"
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("shell-inline-prefix") { input, _ in
            Placement(.text, "shell", "\(input.name.upperSnake)=\(Encode.shell(input.value)) ./scripts/sync.sh --dry-run", secrets: [input.value])
        },
        KeyedContext("curl-form-data") { input, r in
            let text = "curl -sf -X POST https://hooks.example.net/\(r.pick(["v1", "api"]))/register -d \(input.name.snake)=\(Encode.shell(Encode.form(input.value))) -d env=prod"
            return Placement(.text, "curl", text, secrets: [Encode.form(input.value)])
        },
        KeyedContext("yaml-flow") { input, r in
            let text = "- { name: \(r.pick(["primary", "fallback"])), \(input.name.camel): \(Encode.yaml(input.value)), weight: \(r.int(1...10)) }"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
    ]

    static let heldOutBare: [BareContext] = [
        BareContext("markdown-code") { v, _ in
            Placement(.text, "markdown", "> **Note**\n> The failing call used `\(v)` (see the attached trace).", secrets: [v])
        },
        BareContext("stack-trace") { v, r in
            let text = "Error: upstream said 401 for \(v)\n    at Client.send (client.js:\(r.int(10...99)):11)\n    at async main (index.js:7:3)"
            return Placement(.text, "log", text, secrets: [v])
        },
        BareContext("url-share") { v, _ in
            Placement(.url, "url", "https://chat.example.com/share?text=\(Encode.percent("see " + v))&lang=en", secrets: [Encode.percent(v)])
        },
    ]
}
