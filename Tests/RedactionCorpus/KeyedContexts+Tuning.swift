import Foundation
import LoupeRedaction

// The TUNING set's syntaxes for a named value. The held-out set uses other templates
// (KeyedContexts+HeldOut.swift): keep the two lists disjoint.

extension KeyedContext {
    static let tuning = firstBatches + laterBatches.map { $0.sampling(every: 7) } + streamBatch.map { $0.sampling(every: 21) }
    static let tuningBare = firstBareBatches + laterBareBatches.map { $0.sampling(every: 6) } + streamBareBatch.map { $0.sampling(every: 12) }

    private static let firstBatches: [KeyedContext] = [
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

    /// The third and fourth batches, each context taking a share of the shapes
    /// (``KeyedContext/every``) so they add syntaxes without swamping the set.
    private static let laterBatches: [KeyedContext] = [
        // Third batch, written from how config files, build files, code, logs and messages look
        // in the wild: HCL and Consul/Vault command lines, Helm anchors, Ansible, Jenkins and
        // Gradle, Maven XML, web server config, default values of env lookups, Django and Laravel,
        // Spring @Value, pretty appsettings.json, struct literals and constants in Go, Rust,
        // Kotlin, Swift, C#, SQL rows, key/value CSV, syslog structured data, journald and JSON
        // logs, stack traces and HAR files printing request headers, and labels written for people.
        KeyedContext("hcl-nomad-env") { input, r in
            let v = Encode.json(input.value)
            let text = "job \"\(r.pick(["api", "billing"]))\" {\n  group \"web\" {\n    task \"server\" {\n      driver = \"docker\"\n      env {\n"
                + "        \(input.name.upperSnake) = \"\(v)\"\n        PORT = \"${NOMAD_PORT_http}\"\n      }\n    }\n  }\n}\n"
            return Placement(.text, "hcl", text, secrets: [v])
        },
        KeyedContext("kv-store-cli") { input, r in
            let v = Encode.shell(input.value)
            let text = r.pick([
                "consul kv put config/\(r.pick(["billing", "api"]))/\(input.name.snake) \(v)",
                "vault kv put secret/\(r.pick(["app", "ci"]))/\(r.pick(["prod", "staging"])) \(input.name.snake)=\(v) region=eu",
                "etcdctl put /config/\(r.pick(["api", "worker"]))/\(input.name.kebab) \(v)",
            ])
            return Placement(.text, "shell", text + "\n", secrets: [input.value])
        },
        KeyedContext("helm-values-anchor") { input, r in
            let text = "defaults: &defaults\n  \(input.name.camel): \(Encode.yaml(input.value))\n  replicaCount: \(r.int(1...4))\n"
                + "\(r.pick(["production", "staging"])):\n  <<: *defaults\n  ingress:\n    enabled: true\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("ansible-group-vars") { input, r in
            let v = Encode.json(input.value)
            let text = "---\n# group_vars/\(r.pick(["all", "webservers", "dbservers"])).yml\n\(r.pick(["app", "nginx", "pg"]))_port: \(r.int(3000...9000))\n"
                + "\(input.name.snake): \"\(v)\"\n"
            return Placement(.text, "yaml", text, secrets: [v])
        },
        KeyedContext("ansible-inventory-host") { input, r in
            let text = "[\(r.pick(["web", "db", "workers"]))]\n\(r.pick(["web1", "node-2", "db01"])).example.internal ansible_host=10.0.\(r.int(0...9)).\(r.int(2...250)) "
                + "\(input.name.snake)=\(Encode.shell(input.value))\n"
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("jenkinsfile-environment") { input, r in
            let text = "pipeline {\n    agent any\n    environment {\n        \(input.name.upperSnake) = '\(input.value)'\n        DEPLOY_ENV = '\(r.pick(["staging", "prod"]))'\n    }\n"
                + "    stages {\n        stage('Build') { steps { sh './gradlew build' } }\n    }\n}\n"
            return Placement(.text, "groovy", text, secrets: [input.value])
        },
        KeyedContext("groovy-with-env") { input, r in
            let text = "withEnv([\"\(input.name.upperSnake)=\(Encode.json(input.value))\", \"STAGE=\(r.pick(["qa", "prod"]))\"]) {\n    sh 'make deploy'\n}\n"
            return Placement(.text, "groovy", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("gradle-build-config-field") { input, _ in
            let v = Encode.json(input.value)
            let text = "android {\n    defaultConfig {\n        buildConfigField \"String\", \"\(input.name.upperSnake)\", \"\\\"\(v)\\\"\"\n    }\n}\n"
            return Placement(.text, "gradle", text, secrets: [v])
        },
        KeyedContext("gradle-properties-prefixed") { input, r in
            let text = r.pick(["systemProp.\(input.name.dotted)=\(input.value)\n", "ORG_GRADLE_PROJECT_\(input.name.camel)=\(input.value)\n",
                               "\(input.name.camel)=\(input.value)\norg.gradle.jvmargs=-Xmx2g\n"])
            return Placement(.text, "properties", text, secrets: [input.value])
        },
        KeyedContext("maven-xml-element") { input, r in
            let v = Encode.xml(input.value)
            let text = r.pick([
                "<project>\n  <properties>\n    <java.version>17</java.version>\n    <\(input.name.dotted)>\(v)</\(input.name.dotted)>\n  </properties>\n</project>",
                "<settings>\n  <servers>\n    <server>\n      <id>\(r.pick(["nexus", "releases"]))</id>\n      <\(input.name.camel)>\(v)</\(input.name.camel)>\n    </server>\n  </servers>\n</settings>",
            ])
            return Placement(.text, "xml", text, secrets: [v])
        },
        KeyedContext("web-server-config") { input, r in
            let v = input.value
            let text = r.pick([
                "location /api/ {\n    proxy_pass http://backend;\n    proxy_set_header \(input.header.name) \"\(input.header.scheme)\(v)\";\n}\n",
                "RequestHeader set \(input.header.name) \"\(input.header.scheme)\(v)\"\nProxyPass /api http://127.0.0.1:\(r.int(3000...9000))/\n",
                "fastcgi_param \(input.name.upperSnake) \"\(v)\";\nfastcgi_pass unix:/run/php/php-fpm.sock;\n",
                "<VirtualHost *:443>\n    SetEnv \(input.name.upperSnake) \"\(v)\"\n</VirtualHost>\n",
            ])
            return Placement(.text, "conf", text, secrets: [v])
        },
        KeyedContext("env-lookup-default") { input, r in
            let v = Encode.json(input.value), n = input.name
            let text = r.pick([
                "\(n.snake) = os.getenv(\"\(n.upperSnake)\", \"\(v)\")",
                "\(n.upperSnake) = os.environ.get('\(n.upperSnake)', '\(input.value)')",
                "\(n.upperSnake) = env(\"\(n.upperSnake)\", default=\"\(v)\")",
                "const \(n.camel) = process.env.\(n.upperSnake) || \"\(v)\";",
                "const \(n.camel) = process.env.\(n.upperSnake) ?? '\(input.value)';",
                "\(n.snake) = ENV.fetch(\"\(n.upperSnake)\", \"\(v)\")",
                "\(n.camel) := getEnv(\"\(n.upperSnake)\", \"\(v)\")",
                "'\(n.snake)' => env('\(n.upperSnake)', '\(input.value)'),",
            ])
            return Placement(.text, "code", text, secrets: [text.contains("'\(input.value)'") ? input.value : v])
        },
        KeyedContext("shell-parameter-default") { input, r in
            let text = r.pick([
                "    environment:\n      \(input.name.upperSnake): ${\(input.name.upperSnake):-\(input.value)}\n",
                ": \"${\(input.name.upperSnake):=\(input.value)}\"\n",
                "\(input.name.snake)=\"${\(input.name.upperSnake):-\(input.value)}\"\n",
            ])
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("django-settings-dict") { input, r in
            let text = "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.\(r.pick(["postgresql", "mysql"]))',\n"
                + "        'HOST': 'db',\n        '\(input.name.upperSnake)': '\(input.value)',\n    }\n}\n"
            return Placement(.text, "python", text, secrets: [input.value])
        },
        KeyedContext("laravel-env-spaced") { input, r in
            let v = input.value
            let text = r.pick(["APP_ENV=local\n\(input.name.upperSnake) = \"\(v)\"\n", "\(input.name.upperSnake) = \(v)\nAPP_DEBUG = true\n",
                               "\(input.name.upperSnake)= \"\(v)\"\n", "\(input.name.upperSnake) =\"\(v)\"\n"])
            return Placement(.text, "env", text, secrets: [v])
        },
        KeyedContext("env-inline-comment") { input, r in
            let text = "\(input.name.upperSnake)=\(input.value) # \(r.pick(["set by ops", "expires 2027-01", "ask Ann for a new one"]))\nNODE_ENV=production\n"
            return Placement(.text, "env", text, secrets: [input.value])
        },
        KeyedContext("spring-value-default") { input, r in
            let text = "@Value(\"${\(input.name.dotted):\(Encode.json(input.value))}\")\nprivate String \(input.name.camel);\n"
            return Placement(.text, "java", text, secrets: [Encode.json(input.value)])
        },
        KeyedContext("spring-application-yaml") { input, r in
            let text = "spring:\n  application:\n    name: \(r.pick(["orders", "gateway"]))\n\(r.pick(["acme", "app"])):\n  client:\n"
                + "    \(input.name.kebab): \(Encode.yaml(input.value))\n    connect-timeout: \(r.int(1...9))s\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("appsettings-json-pretty") { input, r in
            let v = Encode.json(input.value)
            let text = "{\n  \"Logging\": {\n    \"LogLevel\": {\n      \"Default\": \"Information\"\n    }\n  },\n"
                + "  \"\(r.pick(["Payments", "Mail", "Storage"]))\": {\n    \"\(input.name.pascal)\": \"\(v)\",\n    \"TimeoutSeconds\": \(r.int(5...60))\n  }\n}\n"
            return Placement(.text, "json", text, secrets: [v])
        },
        KeyedContext("csharp-initializer") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick([
                "var options = new ClientOptions\n{\n    \(input.name.pascal) = \"\(v)\",\n    Timeout = TimeSpan.FromSeconds(30)\n};\n",
                "private const string \(input.name.pascal) = \"\(v)\";\n",
                "builder.Configuration[\"\(r.pick(["Payments", "Mail"])):\(input.name.pascal)\"] = \"\(v)\";\n",
            ])
            return Placement(.text, "csharp", text, secrets: [v])
        },
        KeyedContext("go-struct-literal") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick([
                "cfg := &client.Config{\n\tBaseURL: \"https://api.example.com\",\n\t\(input.name.pascal): \"\(v)\",\n\tTimeout: 10 * time.Second,\n}\n",
                "const \(input.name.camel) = \"\(v)\"\n",
                "var \(input.name.camel) = `\(input.value)`\n",
            ])
            return Placement(.text, "go", text, secrets: [text.contains("`") ? input.value : v])
        },
        KeyedContext("rust-const") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick([
                "const \(input.name.upperSnake): &str = \"\(v)\";\n", "static \(input.name.upperSnake): &'static str = \"\(v)\";\n",
                "let \(input.name.snake) = String::from(\"\(v)\");\n", "let \(input.name.snake) = \"\(v)\".to_string();\n",
            ])
            return Placement(.text, "rust", text, secrets: [v])
        },
        KeyedContext("kotlin-val") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick(["private const val \(input.name.upperSnake) = \"\(v)\"\n", "val \(input.name.camel) = \"\(v)\"\n",
                               "    \(input.name.camel) = \"\(v)\",\n"])
            return Placement(.text, "kotlin", text, secrets: [v])
        },
        KeyedContext("swift-let") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick(["let \(input.name.camel) = \"\(v)\"\n", "static let \(input.name.camel): String = \"\(v)\"\n",
                               "enum Secrets {\n    static let \(input.name.camel) = \"\(v)\"\n}\n"])
            return Placement(.text, "swift", text, secrets: [v])
        },
        KeyedContext("java-constant") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.text, "java", "    private static final String \(input.name.upperSnake) = \"\(v)\";\n", secrets: [v])
        },
        KeyedContext("ruby-php-hash") { input, r in
            let sq = input.value
            let text = r.pick([
                "client = Acme::Client.new(\(input.name.snake): \"\(Encode.json(sq))\", timeout: \(r.int(5...30)))\n",
                "config = { :\(input.name.snake) => '\(sq)', :region => 'eu' }\n",
                "return [\n    '\(input.name.snake)' => '\(sq)',\n    'timeout' => \(r.int(5...30)),\n];\n",
            ])
            return Placement(.text, "code", text, secrets: [text.contains("\"") ? Encode.json(sq) : sq])
        },
        KeyedContext("python-kwargs") { input, r in
            let v = Encode.json(input.value)
            let text = "client = \(r.pick(["Client", "boto3.client", "Session"]))(\(input.name.snake)=\"\(v)\", timeout=\(r.int(5...30)))"
            return Placement(.text, "python", text, secrets: [v])
        },
        KeyedContext("js-export-const") { input, r in
            let text = r.pick(["export const \(input.name.upperSnake) = '\(input.value)';\n", "const \(input.name.camel) = `\(input.value)`;\n",
                               "module.exports = {\n  \(input.name.camel): '\(input.value)',\n};\n"])
            return Placement(.text, "js", text, secrets: [input.value])
        },
        KeyedContext("sql-settings-row") { input, r in
            let v = input.value.replacingOccurrences(of: "'", with: "''")
            let text = r.pick([
                "INSERT INTO app_settings (name, value) VALUES ('\(input.name.snake)', '\(v)');",
                "INSERT INTO config (`key`, `value`, updated_at) VALUES ('\(input.name.dotted)', '\(v)', NOW());",
                "UPDATE settings SET \(input.name.snake) = '\(v)' WHERE id = \(r.int(1...9));",
            ])
            return Placement(.text, "sql", text, secrets: [v])
        },
        KeyedContext("csv-key-value") { input, r in
            let v = input.value.contains(",") || input.value.contains(" ") ? "\"\(input.value)\"" : input.value
            let text = "key,value,updated\n\(input.name.upperSnake),\(v),2026-11-\(r.int(10...28))\nREGION,eu-west-1,2026-11-\(r.int(10...28))\n"
            return Placement(.text, "csv", text, secrets: [input.value])
        },
        KeyedContext("syslog-structured-data") { input, r in
            let text = "<\(r.int(130...190))>1 2026-11-27T03:14:\(r.int(10...59)).\(r.int(100...999))Z web-\(r.int(1...4)) \(r.pick(["billing", "auth"])) \(r.int(1000...9999)) CFG "
                + "[cfg@32473 \(input.name.snake)=\"\(input.value)\" env=\"prod\"] configuration reloaded"
            return Placement(.text, "syslog", text, secrets: [input.value])
        },
        KeyedContext("journald-json") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"__REALTIME_TIMESTAMP":"\#(r.int(1_700_000_000...1_799_999_999))123456","_SYSTEMD_UNIT":"\#(r.pick(["api", "worker"])).service","PRIORITY":"6","MESSAGE":"starting with \#(input.name.upperSnake)=\#(v)"}"#
            return Placement(.text, "journald", text, secrets: [v])
        },
        KeyedContext("json-log-context") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"level":"error","time":"2026-11-27T03:14:\#(r.int(10...59))Z","msg":"upstream call failed","context":{"client":{"baseUrl":"https://api.example.com","\#(input.name.camel)":"\#(v)"},"attempt":\#(r.int(1...3))}}"#
            return Placement(.text, "log", text, secrets: [v])
        },
        KeyedContext("stack-trace-headers") { input, r in
            let h = input.header, v = input.value
            let text = r.pick([
                "org.springframework.web.client.HttpClientErrorException$Unauthorized: 401 Unauthorized\n\tat org.springframework.web.client.DefaultResponseErrorHandler.handleError(DefaultResponseErrorHandler.java:\(r.int(100...200)))\n"
                    + "request headers: [Accept:\"application/json\", \(h.name):\"\(h.scheme)\(v)\", Content-Length:\"0\"]",
                "Traceback (most recent call last):\n  File \"client.py\", line \(r.int(10...99)), in fetch\nrequests.exceptions.HTTPError: 403 Client Error\n"
                    + "sent headers: {'User-Agent': 'python-requests/2.32.3', '\(h.name)': '\(h.scheme)\(v)', 'Accept': '*/*'}",
                "WARN  c.a.h.RestClient - request failed, headers={Accept=[application/json], \(h.name)=[\(h.scheme)\(v)]}",
            ])
            return Placement(.text, "log", text, secrets: [v])
        },
        KeyedContext("har-header-array") { input, r in
            let v = Encode.json(input.value)
            let text = "        \"request\": {\n          \"method\": \"GET\",\n          \"url\": \"https://api.example.com/v1/\(r.pick(["me", "orders"]))\",\n          \"headers\": [\n"
                + "            {\n              \"name\": \"Accept\",\n              \"value\": \"application/json\"\n            },\n"
                + "            {\n              \"name\": \"\(input.header.name)\",\n              \"value\": \"\(input.header.scheme)\(v)\"\n            }\n          ],\n"
            return Placement(.text, "har", text, secrets: [v])
        },
        KeyedContext("raw-http-request") { input, r in
            let text = "\(r.pick(["GET /v1/account", "POST /v2/events"])) HTTP/1.1\r\nHost: api.example.com\r\nUser-Agent: okhttp/4.12.0\r\n"
                + "\(input.header.name): \(input.header.scheme)\(input.value)\r\nAccept: */*\r\n\r\n"
            return Placement(.text, "http", text, secrets: [input.value])
        },
        KeyedContext("code-request-header") { input, r in
            let h = input.header, v = Encode.json(input.value)
            let text = r.pick([
                "resp = requests.get(url, headers={\"\(h.name)\": \"\(h.scheme)\(v)\"}, timeout=10)",
                "req.Header.Set(\"\(h.name)\", \"\(h.scheme)\(v)\")",
                "const res = await fetch(url, { headers: { '\(h.name)': '\(h.scheme)\(input.value)' } });",
                "wget --header=\"\(h.name): \(h.scheme)\(v)\" https://api.example.com/v1/export.csv",
                "request.setRequestProperty(\"\(h.name)\", \"\(h.scheme)\(v)\");",
            ])
            return Placement(.text, "code", text, secrets: [text.contains("'\(h.scheme)\(input.value)'") ? input.value : v])
        },
        KeyedContext("human-label") { input, r in
            let label = input.name.words.joined(separator: " ")
            let shown = r.pick([label, label.capitalized, label.uppercased()])
            let text = r.pick([
                "Hi \(r.pick(SecretShape.givenNames).capitalized),\n\nhere are the staging details you asked for:\n\n  \(shown): \(input.value)\n  Region: eu-west-\(r.int(1...3))\n\nCheers",
                "\(shown) - \(input.value)\n(valid until the end of the month)",
                "FYI the new \(label) is \(input.value), the old one stops working tonight.",
            ])
            return Placement(.text, "prose", text, secrets: [input.value])
        },
        KeyedContext("markdown-inline-code") { input, r in
            let text = "Before running the tests, set `\(input.name.upperSnake)` to `\(input.value)` \(r.pick(["in your shell", "in .env.local", "(ask in #platform for your own)"])).\n"
            return Placement(.text, "markdown", text, secrets: [input.value])
        },
        KeyedContext("value-object") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick([
                "{\n  \"env\": {\n    \"\(input.name.upperSnake)\": {\n      \"description\": \"set by the deploy\",\n      \"value\": \"\(v)\"\n    }\n  }\n}",
                "\"parameters\": {\n    \"\(input.name.camel)\": {\n        \"value\": \"\(v)\"\n    }\n}",
                "{\"key\": \"\(input.name.camel)\", \"value\": \"\(v)\", \"type\": \"secret\", \"enabled\": true}",
            ])
            return Placement(.text, "json", text, secrets: [v])
        },
        KeyedContext("cli-name-value-flags") { input, r in
            let v = Encode.shell(input.value)
            let text = r.pick([
                "aws ssm put-parameter --name /\(r.pick(["prod", "staging"]))/\(input.name.snake) --type SecureString --value \(v) --overwrite",
                "gh secret set \(input.name.upperSnake) --body \(v)",
                "az keyvault secret set --vault-name kv-\(r.pick(["prod", "dev"])) --name \(input.name.kebab) --value \(v)",
                "kubectl create secret generic \(r.pick(["api", "app"]))-secrets --from-literal=\(input.name.snake)=\(v)",
                "helm upgrade --install api ./chart --set secrets.\(input.name.camel)=\(v)",
            ])
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("windows-and-fish-set") { input, r in
            let text = r.pick(["set \(input.name.upperSnake)=\(input.value)\r\n", "setx \(input.name.upperSnake) \"\(input.value)\"\r\n",
                               "set -gx \(input.name.upperSnake) \(Encode.shell(input.value))\n", "\(input.name.upperSnake) ?= \(input.value)\n",
                               "ARG \(input.name.upperSnake)=\(Encode.shell(input.value))\n"])
            return Placement(.text, "shell", text, secrets: [input.value])
        },
        KeyedContext("supervisor-uwsgi-env") { input, r in
            let text = r.pick([
                "[program:\(r.pick(["api", "worker"]))]\ncommand=/srv/app/bin/run\nenvironment=HOME=\"/srv/app\",\(input.name.upperSnake)=\"\(input.value)\"\n",
                "[uwsgi]\nmodule = app.wsgi\nenv = \(input.name.upperSnake)=\(input.value)\n",
            ])
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("ini-colon-and-registry") { input, r in
            let text = r.pick([
                "[\(r.pick(["server", "mail", "auth"]))]\nhost: 10.0.\(r.int(0...9)).\(r.int(2...250))\n\(input.name.snake): \(input.value)\n",
                "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\\(r.pick(["Agent", "Sync"]))]\n\"\(input.name.pascal)\"=\"\(input.value)\"\n",
                "[[\(r.pick(["servers", "upstreams"]))]]\nname = \"primary\"\n\(input.name.snake) = '\(input.value)'\n",
            ])
            return Placement(.text, "ini", text, secrets: [input.value])
        },
        KeyedContext("yaml-single-quoted") { input, r in
            let text = "\(r.pick(["smtp", "database", "client"])):\n  host: \(r.pick(["db", "smtp.example.com"]))\n  \(input.name.snake): '\(input.value)'\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("gitlab-ci-variables") { input, r in
            let text = "variables:\n  GIT_DEPTH: \"\(r.int(1...20))\"\n  \(input.name.upperSnake): \"\(Encode.json(input.value))\"\n\ndeploy:\n  script:\n    - ./deploy.sh\n"
            return Placement(.text, "yaml", text, secrets: [Encode.json(input.value)])
        },
        // Fourth batch: setters and builders named after the value, YAML block scalars,
        // PowerShell's environment provider, Markdown bold labels, httpie query and raw-JSON
        // fields, .NET user settings.
        KeyedContext("setter-builder-call") { input, r in
            let v = Encode.json(input.value)
            let text = r.pick([
                "config.set\(input.name.pascal)(\"\(v)\");", "Client client = Client.builder()\n    .\(input.name.camel)(\"\(v)\")\n    .build();",
                "options.With\(input.name.pascal)(\"\(v)\")", "settings.\(input.name.camel)(\"\(v)\") // \(r.pick(["staging", "prod"]))",
            ])
            return Placement(.text, "code", text, secrets: [v])
        },
        KeyedContext("yaml-block-scalar") { input, r in
            let text = "\(r.pick(["app", "worker"])):\n  \(input.name.snake): \(r.pick(["|", ">-", "|-"]))\n    \(input.value)\n  replicas: \(r.int(1...5))\n"
            return Placement(.text, "yaml", text, secrets: [input.value])
        },
        KeyedContext("powershell-env-provider") { input, r in
            let text = r.pick([
                "Set-Item -Path Env:\(input.name.upperSnake) -Value \"\(input.value)\"",
                "[Environment]::SetEnvironmentVariable(\"\(input.name.upperSnake)\", \"\(input.value)\", \"\(r.pick(["User", "Machine"]))\")",
                "New-Item -Path Env:\\\(input.name.upperSnake) -Value '\(input.value)' -Force",
            ])
            return Placement(.text, "powershell", text, secrets: [input.value])
        },
        KeyedContext("markdown-bold-label") { input, r in
            let label = input.name.words.map(\.capitalized).joined(separator: " ")
            let text = r.pick(["- **\(input.name.upperSnake)**: `\(input.value)`\n- **REGION**: `eu-west-1`\n", "**\(label)**: \(input.value)\n"])
            return Placement(.text, "markdown", text, secrets: [input.value])
        },
        KeyedContext("httpie-query-raw-json") { input, r in
            let v = Encode.shell(input.value)
            let text = r.pick(["http GET https://api.example.com/v1/\(r.pick(["items", "search"])) \(input.name.snake)==\(v) limit==10",
                               "http POST https://api.example.com/v1/hooks \(input.name.snake):='\"\(Encode.json(input.value))\"' active:=true"])
            return Placement(.text, "shell", text, secrets: [text.contains(":='") ? Encode.json(input.value) : input.value])
        },
        KeyedContext("dotnet-user-settings") { input, _ in
            let v = Encode.xml(input.value)
            let text = "<userSettings>\n  <App.Properties.Settings>\n    <setting name=\"\(input.name.pascal)\" serializeAs=\"String\">\n      <value>\(v)</value>\n    </setting>\n  </App.Properties.Settings>\n</userSettings>"
            return Placement(.text, "xml", text, secrets: [v])
        },
    ]

    /// Fifth batch: server-sent event payloads as streaming APIs send them (LLM deltas and tool
    /// calls, GraphQL subscriptions, container log streams, the AI SDK's data stream protocol,
    /// plain `name: value` data, partial JSON), sampled more sparsely than the other later batches.
    private static let streamBatch: [KeyedContext] = [
        KeyedContext("sse-tool-call-arguments") { input, r in
            let v = Encode.json(Encode.json(input.value))
            let text = #"{"id":"chatcmpl-\#(r.string(.alnum, 12))","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"\#(input.name.snake)\": \"\#(v)\"}"}}]},"finish_reason":null}]}"#
            return Placement(.sse, "json", text, secrets: [v])
        },
        KeyedContext("sse-text-delta") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"type":"content_block_delta","index":\#(r.int(0...3)),"delta":{"type":"text_delta","text":"Add \#(input.name.upperSnake)=\#(v) to your .env file"}}"#
            return Placement(.sse, "json", text, secrets: [v])
        },
        KeyedContext("sse-graphql-subscription") { input, r in
            let v = Encode.json(input.value)
            let text = #"{"data":{"\#(r.pick(["settingsChanged", "integrationUpdated"]))":{"id":"\#(r.int(100...999))","\#(input.name.camel)":"\#(v)"}}}"#
            return Placement(.sse, "json", text, secrets: [v])
        },
        KeyedContext("sse-container-log") { input, _ in
            let v = Encode.json(input.value)
            let text = #"{"stream":"stdout","log":"export \#(input.name.upperSnake)=\#(v)\n","time":"2026-11-27T10:14:03.52Z"}"#
            return Placement(.sse, "json", text, secrets: [v])
        },
        KeyedContext("sse-name-value-array") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.sse, "json", #"[{"name":"\#(input.name.upperSnake)","value":"\#(v)"}]"#, secrets: [v])
        },
        KeyedContext("sse-keys-as-written") { input, r in
            // The same event from services that spell their keys differently.
            let v = Encode.json(input.value)
            let key = r.pick([input.name.upperSnake, input.name.kebab, input.name.dotted, input.name.pascal, input.name.snake])
            return Placement(.sse, "json", #"{"event":"secret.rotated","data":{"\#(key)":"\#(v)"},"at":"2026-11-27T10:14:03Z"}"#, secrets: [v])
        },
        KeyedContext("sse-variable-object") { input, r in
            let v = Encode.json(input.value)
            let (nameKey, valueKey) = r.pick([("variable", "value"), ("key", "val"), ("env", "value"), ("field", "data"), ("id", "secret"), ("label", "value")])
            return Placement(.sse, "json", #"{"\#(nameKey)":"\#(input.name.upperSnake)","\#(valueKey)":"\#(v)","masked":false}"#, secrets: [v])
        },
        KeyedContext("sse-text-separators") { input, r in
            let name = r.pick([input.name.upperSnake, input.name.snake, input.name.camel, input.name.kebab])
            let separator = r.pick([" ", " -> ", " \u{2192} ", " | ", "\t", " is ", ": ", " = ", " => ", " := ", "=", ":"])
            let text = r.pick(["\(name)\(separator)\(input.value)", "[\(r.pick(["config", "env", "vault"]))] \(name)\(separator)\(input.value)",
                               "updated \(name)\(separator)\(input.value) (rev \(r.int(2...40)))"])
            return Placement(.sse, "text", text, secrets: [input.value])
        },
        KeyedContext("sse-bracketed-log") { input, r in
            let text = r.pick(["[\(r.int(10...23)):\(r.int(10...59)):0\(r.int(1...9))] \(input.name.upperSnake)=\(input.value)",
                               "[INFO] loaded \(input.name.snake): \(input.value)", "[\"log\", \"\(input.name.upperSnake)=\(input.value)\"]",
                               "{level=info} \(input.name.upperSnake)=\(input.value)",
                               // Change notices written for people: the value in parentheses or
                               // angle brackets, or after "rotated to".
                               "\(input.name.upperSnake) (\(input.value))", "\(input.name.snake) rotated to \(input.value)",
                               "new \(input.name.camel) <\(input.value)>"])
            return Placement(.sse, "text", text, secrets: [input.value])
        },
        KeyedContext("sse-partial-json") { input, r in
            // A stream that cuts its JSON into chunks: the event ends inside the object.
            let v = Encode.json(input.value)
            return Placement(.sse, "json", #"{"seq":\#(r.int(1...99)),"partial":true,"\#(input.name.camel)":"\#(v)"#, secrets: [v])
        },
        KeyedContext("sse-js-object") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.sse, "js", #"{type: 'config', \#(input.name.camel): "\#(v)"}"#, secrets: [v])
        },
        KeyedContext("sse-data-stream-protocol") { input, _ in
            let v = Encode.json(input.value)
            return Placement(.sse, "text", #"0:"Your \#(input.name.snake) is \#(v)""#, secrets: [v])
        },
    ]

    private static let firstBareBatches: [BareContext] = [
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

    private static let laterBareBatches: [BareContext] = [
        // Third batch: signatures, invoices, quotes of other languages, full-width punctuation,
        // structured logs, chat transcripts, European CSV, exceptions and markup attributes.
        BareContext("email-signature") { v, r in
            let text = "Best regards,\n\(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized)\n"
                + "\(r.pick(["Head of Operations", "Account Manager", "Customer Success"])) | Acme GmbH\n\(v) · www.example.com\n"
            return Placement(.text, "email", text, secrets: [v])
        },
        BareContext("invoice-prose") { v, r in
            let text = "Invoice INV-2026-\(r.string(.digits, 4)): amount due EUR \(r.int(10...9999)),\(r.string(.digits, 2)). "
                + "\(r.pick(["Payment received from", "Charged to", "Refund issued to"])) \(v) on 27.11.2026."
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("foreign-quotes") { v, r in
            let text = r.pick(["Der Kunde nannte „\(v)“ als Rückrufnummer.", "Le client a indiqué « \(v) » dans le formulaire.",
                               "She wrote “\(v)” in the notes field.", "Il cliente ha scritto «\(v)» nel modulo."])
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("cjk-fullwidth") { v, r in
            let text = r.pick(["お問い合わせ：\(v)（平日のみ）", "联系方式：\(v)。谢谢！", "担当者の連絡先は\(v)です。"])
            return Placement(.text, "prose", text, secrets: [v])
        },
        BareContext("json-log-nested-context") { v, r in
            let text = #"{"ts":"2026-11-27T03:14:\#(r.int(10...59)).\#(r.int(100...999))Z","level":"info","msg":"form submitted","context":{"form":{"field":"notes","input":"\#(Encode.json(v))"}}}"#
            return Placement(.text, "log", text, secrets: [Encode.json(v)])
        },
        BareContext("syslog-line") { v, r in
            let text = "Nov 27 03:14:\(r.int(10...59)) mail-\(r.int(1...3)) postfix/smtpd[\(r.int(1000...9999))]: NOQUEUE: reject: RCPT from unknown: \(v); helo=<example.org>"
            return Placement(.text, "syslog", text, secrets: [v])
        },
        BareContext("chat-transcript") { v, r in
            let text = "[03:14] <\(r.pick(SecretShape.givenNames))> \(v)\n[03:15] <\(r.pick(SecretShape.givenNames))> thx, got it"
            return Placement(.text, "chat", text, secrets: [v])
        },
        BareContext("semicolon-csv") { v, r in
            let text = "Nr;Name;Angabe;Datum\n\(r.int(1000...9999));\(r.pick(["Müller", "Dubois", "Rossi"]));\(v);27.11.2026\n"
            return Placement(.text, "csv", text, secrets: [v])
        },
        BareContext("yaml-list-item") { v, _ in
            Placement(.text, "yaml", "notes:\n  - \"\(Encode.json(v))\"\n  - checked by support\n", secrets: [Encode.json(v)])
        },
        BareContext("chat-backticks") { v, r in
            let text = "\(r.pick(["here you go:", "try this one:", "this is what I have:"])) `\(v)` \(r.pick(["(don't share)", ":+1:", "- let me know"]))"
            return Placement(.text, "chat", text, secrets: [v])
        },
        BareContext("sql-values-row") { v, r in
            let s = v.replacingOccurrences(of: "'", with: "''")
            let text = "INSERT INTO leads VALUES (\(r.int(1...9999)), '\(r.pick(SecretShape.givenNames).capitalized)', '\(s)', NOW());"
            return Placement(.text, "sql", text, secrets: [s])
        },
        BareContext("exception-message") { v, r in
            let text = "java.lang.IllegalArgumentException: unexpected input \(v)\n\tat com.acme.forms.Validator.check(Validator.java:\(r.int(20...200)))\n\tat com.acme.forms.FormService.submit(FormService.java:\(r.int(20...200)))"
            return Placement(.text, "log", text, secrets: [v])
        },
        BareContext("html-input-value") { v, _ in
            let text = "<input type=\"text\" name=\"notes\" value=\"\(Encode.xml(v))\" readonly>"
            return Placement(.text, "html", text, secrets: [Encode.xml(v)])
        },
        BareContext("slash-separated") { v, r in
            let text = "\(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized) / \(v) / Raum \(r.int(1...4)).\(r.int(10...30))"
            return Placement(.text, "prose", text, secrets: [v])
        },
    ]

    /// Fifth batch: a value alone in a streamed event, sampled like ``streamBatch``.
    private static let streamBareBatch: [BareContext] = [
        BareContext("sse-content-delta") { v, r in
            let text = #"{"id":"chatcmpl-\#(r.string(.alnum, 12))","object":"chat.completion.chunk","created":\#(r.int(1_700_000_000...1_800_000_000)),"choices":[{"index":0,"delta":{"content":"\#(Encode.json(v))"},"finish_reason":null}]}"#
            return Placement(.sse, "json", text, secrets: [Encode.json(v)])
        },
        BareContext("sse-json-string") { v, _ in
            Placement(.sse, "json", "\"\(Encode.json(v))\"", secrets: [Encode.json(v)])
        },
        BareContext("sse-html-fragment") { v, r in
            let text = "<li id=\"msg-\(r.int(100...999))\" class=\"message\">\(Encode.xml(v))</li>"
            return Placement(.sse, "html", text, secrets: [Encode.xml(v)])
        },
        BareContext("sse-multi-line") { v, r in
            Placement(.sse, "text", "\(r.pick(["step 3/4", "result"])):\n\(v)\n(end)", secrets: [v])
        },
        BareContext("sse-text-delta") { v, _ in
            let text = #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#(Encode.json(v))"}}"#
            return Placement(.sse, "json", text, secrets: [Encode.json(v)])
        },
    ]
}
