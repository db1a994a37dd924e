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
        BareContext("sse-delta") { v, _ in
            let text = #"{"delta":"Here is the value you asked for: \#(Encode.json(v))","done":false}"#
            return Placement(.sse, "json", text, secrets: [Encode.json(v)])
        },
    ]
}
