import Foundation
import LoupeRedaction

// HELD-OUT templates of the structured secrets. StructuredSecrets+Cards, +Tokens, +Credentials
// and +Keys hold each secret's tuning templates and refer to its held-out list here by name.
// Nobody tunes rules on these templates. Do not print failures from them (the held-out set is
// only ever reported as figures), and do not copy them into the tuning lists.

extension StructuredSecret {
    /// Each structured secret's held-out templates, named after the secret.
    enum HeldOut {
        // MARK: Cards and labelled phones (StructuredSecrets+Cards.swift)

        static let cardWithCVC: [Render] = [
            { r in let c = card(&r); return Placement(.text, "xml", "<Payment>\n  <CardNumber>\(c.pan)</CardNumber>\n  <CVV2>\(c.cvc)</CVV2>\n  <ExpirationDate>\(c.expiry)</ExpirationDate>\n</Payment>", secrets: [c.pan, c.cvc, c.expiry]) },
            { r in let c = card(&r); return Placement(.text, "yaml", "test_card:\n  pan: \"\(c.pan)\"\n  security_code: \"\(c.cvc)\"\n  valid_thru: \"\(c.expiry)\"", secrets: [c.pan, c.cvc, c.expiry]) },
            { r in let c = card(&r); return Placement(.sse, "json", #"{"event":"checkout","payment":{"cardNumber":"\#(c.pan)","cvv2":"\#(c.cvc)","expDate":"\#(c.expiry)"}}"#, secrets: [c.pan, c.cvc, c.expiry]) },
            { r in let c = card(&r); return Placement(.text, "python", "pay(card={'number': '\(c.pan)', 'cvv': '\(c.cvc)', 'exp': '\(c.expiry)'})", secrets: [c.pan, c.cvc, c.expiry]) },
        ]

        static let labelledPhone: [Render] = [
            { r in let p = SecretShape.phones[r.int(0..<SecretShape.phones.count)].value(&r); return Placement(.text, "vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:\(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized)\nTEL;TYPE=cell:\(p)\nEND:VCARD", secrets: [p]) },
            { r in let p = SecretShape.phones[r.int(0..<SecretShape.phones.count)].value(&r); return Placement(.text, "email", "Kind regards,\n\(r.pick(SecretShape.givenNames).capitalized)\nDirect: \(p) | Office hours 9–17", secrets: [p]) },
        ]

        // MARK: Tokens (StructuredSecrets+Tokens.swift)

        static let slackWebhook: [Render] = [
            { r in let (u, s) = slackHook(&r); return Placement(.json, "json", #"{"notifications":{"channel":"ops-alerts","webhook":"\#(u)"}}"#, secrets: [s]) },
            { r in let (u, s) = slackHook(&r); return Placement(.text, "yaml", "alerting:\n  slack_api_url: '\(u)'", secrets: [s]) },
        ]

        static let discordWebhook: [Render] = [
            { r in let (u, s) = discordHook(&r); return Placement(.text, "python", "requests.post(\"\(u)\", json={\"content\": \"build failed\"})", secrets: [s]) },
            { r in let (u, s) = discordHook(&r); return Placement(.sse, "text", "notify via \(u)", secrets: [s]) },
        ]

        static let teamsWebhook: [Render] = [
            { r in let (u, s) = teamsHook(&r); return Placement(.text, "powershell", "Invoke-RestMethod -Method Post -Uri '\(u)' -Body $json", secrets: [s]) },
        ]

        static let azureStorageConnectionString: [Render] = [
            { r in let (c, k) = azureConnection(&r); return Placement(.text, "csharp", "var client = new BlobServiceClient(\"\(c)\");", secrets: [k]) },
            { r in let (c, k) = azureConnection(&r); return Placement(.text, "xml", "<add key=\"StorageConnection\" value=\"\(c)\" />", secrets: [k]) },
        ]

        static let azureSASToken: [Render] = [
            { r in let s = sasSignature(&r); return Placement(.text, "shell", "azcopy copy ./dist 'https://cdn\(r.int(1...9)).blob.core.windows.net/$web?\(sasQuery(&r, sig: s))' --recursive", secrets: [s]) },
            { r in let s = sasSignature(&r); return Placement(.json, "json", #"{"uploadUrl":"https://media.blob.core.windows.net/in/f.mp4?\#(sasQuery(&r, sig: s))"}"#, secrets: [s]) },
        ]

        // MARK: Credentials (StructuredSecrets+Credentials.swift)

        static let cryptHash: [Render] = [
            { r in let h = r.chance(0.5) ? "$apr1$" + r.string(.crypt, 8) + "$" + r.string(.crypt, 22) : bcrypt(&r); return Placement(.text, "htpasswd", "\(user(&r)):\(h)", secrets: [h]) },
            { r in let h = anyCrypt(&r); return Placement(.text, "sql", "INSERT INTO accounts (login, pw) VALUES ('\(user(&r))', '\(h)');", secrets: [h]) },
            { r in let h = sha512crypt(&r); return Placement(.text, "ldif", "dn: uid=\(user(&r)),ou=people,dc=example,dc=org\nuserPassword: {CRYPT}\(h)", secrets: [h]) },
            { r in let h = anyCrypt(&r); return Placement(.sse, "text", "sync user \(user(&r)) -> \(h)", secrets: [h]) },
        ]

        static let ciscoPassword: [Render] = [
            { r in let h = ciscoType9(&r); return Placement(.text, "cisco", "! last change by netops\n username \(user(&r)) algorithm-type scrypt secret 9 \(h)", secrets: [h]) },
            { r in let h = ciscoType7(&r); return Placement(.text, "cisco", "line vty 0 4\n password 7 \(h)\n login", secrets: [h]) },
            { r in let h = ciscoType7(&r); return Placement(.json, "json", #"{"device":"sw-\#(r.int(1...40))","config_line":"enable password 7 \#(h)"}"#, secrets: [h]) },
            { r in let h = md5crypt(&r, saltLength: 4); return Placement(.text, "diff", "-enable secret 5 \(md5crypt(&r, saltLength: 4))\n+enable secret 5 \(h)", secrets: [h]) },
        ]

        static let kerberosHash: [Render] = [
            { r in let h = tgs(&r); return Placement(.text, "markdown", "Finding 4 — kerberoastable account:\n\n```\n\(h)\n```", secrets: [h]) },
            { r in let h = asrep(&r); return Placement(.json, "json", #"{"finding":"asrep-roast","hash":"\#(h)"}"#, secrets: [h]) },
        ]

        static let netrc: [Render] = [
            { r in let p = pw(&r); return Placement(.text, "netrc", "machine git.example.org\n  login \(user(&r))\n  password \(p)\ndefault login anonymous", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "netrc", "default login \(user(&r)) password \(p)", secrets: [p]) },
        ]

        static let commandLinePassword: [Render] = [
            { r in let p = pw(&r); return Placement(.text, "shell", "mysqldump --user=backup --password=\(Encode.shell(p)) --all-databases > dump.sql", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "shell", "echo start; docker login -u \(user(&r)) -p \(Encode.shell(p)) registry.example.com", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "shell", "sshpass -p '\(p)' ssh -o StrictHostKeyChecking=no deploy@10.0.0.\(r.int(2...250))", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "shell", "redis-cli -h cache.internal -a \(Encode.shell(p)) PING", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "powershell", "$cred = New-Object PSCredential(\"\(user(&r))\", (ConvertTo-SecureString \"\(p.replacingOccurrences(of: "$", with: "`$"))\" -AsPlainText -Force))", secrets: [p.replacingOccurrences(of: "$", with: "`$")]) },
        ]

        static let codeCredential: [Render] = [
            { r in let p = pw(&r); return Placement(.text, "java", "return new PasswordAuthentication(\"\(user(&r))\", \"\(p)\".toCharArray());", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "swift", "let credential = URLCredential(user: \"\(user(&r))\", password: \"\(p)\", persistence: .forSession)", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "python", "r = requests.get(url, auth=('\(user(&r))', '\(p)'))", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "go", "req.SetBasicAuth(\"\(user(&r))\", \"\(p)\")", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "javascript", "const db = mysql.createConnection({ host: 'db', user: '\(user(&r))', password: '\(p)' });", secrets: [p]) },
        ]

        static let httpBasic: [Render] = [
            { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.text, "log", "> GET /v2/_catalog HTTP/1.1\n> Host: registry.example.com\n> authorization: basic \(b)\n>", secrets: [b]) },
            { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.sse, "json", #"{"request":{"headers":[["Authorization","Basic \#(b)"]]}}"#, secrets: [b]) },
        ]

        static let urlUserinfo: [Render] = [
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "shell", "pip install --index-url https://__token__:\(p)@pypi.example.com/simple/ internal-lib", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "env", "HTTPS_PROXY=http://\(user(&r)):\(p)@proxy.corp.example:3128", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.url, "url", "ftp://\(user(&r)):\(p)@ftp.example.com/dumps/latest.tar.gz", secrets: [p]) },
        ]

        /// The database URIs of `uriProviders`.
        static func databaseURI(_ provider: String) -> [Render] { [
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "yaml", "datasource:\n  url: \"\(uri(provider, &r, password: p))\"\n  maxPoolSize: 20", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "python", "engine = create_engine(\"\(uri(provider, &r, password: p))\", echo=False)", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); let u = uri(provider, &r, password: p); return Placement(.form, "form", "name=worker&target=\(Encode.form(u))", secrets: [Encode.form(p)]) },
        ] }

        static let jdbcURL: [Render] = [
            { r in let p = pw(&r); return Placement(.text, "properties", "db.url=jdbc:sqlserver://\(host(&r)):1433;databaseName=erp;user=\(user(&r));password=\(p);encrypt=true", secrets: [p]) },
        ]

        static let mssqlConnectionString: [Render] = [
            { r in let p = pw(&r); return Placement(.json, "json", #"{"ConnectionStrings":{"Default":"Data Source=sql01;Database=Billing;Uid=\#(user(&r));Pwd=\#(p);TrustServerCertificate=true"}}"#, secrets: [p]) },
            { r in let p = Encode.xml(pw(&r)); return Placement(.text, "xml", "<connectionStrings>\n  <add name=\"Main\" connectionString=\"Server=sql02;Database=Shop;User Id=\(user(&r));Password=\(p);\" />\n</connectionStrings>", secrets: [p]) },
        ]

        // MARK: Private keys (StructuredSecrets+Keys.swift)

        static let pemPrivateKey: [Render] = [
            { r in let p = pem(&r); let block = "    " + p.text.replacingOccurrences(of: "\n", with: "\n    ")
                return Placement(.text, "yaml", "tls:\n  key: |\n\(block)\n  cert: /etc/tls/cert.pem", secrets: [block.trimmingCharacters(in: .whitespaces)]) },
            { r in let k = pem(&r).text.replacingOccurrences(of: "\n", with: "\\n"); return Placement(.text, "env", "JWT_PRIVATE_KEY=\"\(k)\"", secrets: [k]) },
            { r in let k = Encode.json(pem(&r).text); return Placement(.sse, "json", #"{"op":"rotate","material":"\#(k)"}"#, secrets: [k]) },
        ]

        static let opensshPrivateKey: [Render] = [
            { r in let k = openSSH(&r).text; return Placement(.text, "markdown", "Paste this into `~/.ssh/id_ed25519`:\n\n```\n\(k)\n```", secrets: [k]) },
            { r in let k = Encode.json(openSSH(&r).text); return Placement(.json, "json", #"{"name":"deploy-key","ssh_key":"\#(k)"}"#, secrets: [k]) },
        ]

        static let puttyPrivateKey: [Render] = [
            { r in let (t, s) = putty(&r); return Placement(.text, "log", "attachment deploy.ppk (\(t.utf8.count) bytes):\n\(t)\n-- end of attachment", secrets: s) },
        ]

        static let pkcs12Base64: [Render] = [
            { r in let k = pkcs12(&r); return Placement(.text, "shell", "echo \"\(k)\" | base64 --decode > build/certificate.pfx", secrets: [k]) },
            { r in let k = pkcs12(&r); return Placement(.text, "yaml", "apiVersion: v1\nkind: Secret\ndata:\n  keystore.p12: \(k)", secrets: [k]) },
        ]

        static let base64EncodedPEM: [Render] = [
            { r in let k = base64PEM(&r); return Placement(.text, "env", "GITHUB_APP_PRIVATE_KEY_B64=\(k)", secrets: [k]) },
            { r in let k = base64PEM(&r); return Placement(.json, "json", #"{"encoding":"base64","content":"\#(k)"}"#, secrets: [k]) },
        ]

        static let splitPEM: [Render] = [
            { r in let p = pem(&r)
                let text = "PRIVATE_KEY = (\n    \"-----BEGIN \(p.label)-----\\n\"\n" + p.lines.map { "    \"\($0)\\n\"" }.joined(separator: "\n") + "\n    \"-----END \(p.label)-----\\n\"\n)"
                return Placement(.text, "python", text, secrets: p.lines) },
            { r in let p = pem(&r)
                let text = "String pem = \"-----BEGIN \(p.label)-----\"\n" + p.lines.map { "    + \"\($0)\"" }.joined(separator: "\n") + "\n    + \"-----END \(p.label)-----\";"
                return Placement(.text, "java", text, secrets: p.lines) },
        ]
    }
}
