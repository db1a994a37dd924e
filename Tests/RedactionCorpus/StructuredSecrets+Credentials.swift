import Foundation
import LoupeRedaction

// Credentials with a syntax of their own. Each has TUNING templates here and different HELD-OUT
// templates in StructuredSecrets+HeldOut.swift, which nobody tunes rules on.

extension StructuredSecret {
    // MARK: Value generators

    static func md5crypt(_ r: inout SplitMix64, saltLength: Int = 8) -> String { "$1$" + r.string(.crypt, saltLength) + "$" + r.string(.crypt, 22) }
    static func bcrypt(_ r: inout SplitMix64) -> String { "$2" + r.pick(["a", "b", "y"]) + "$" + r.pick(["10", "11", "12", "14"]) + "$" + r.string(.crypt, 53) }
    static func sha256crypt(_ r: inout SplitMix64) -> String { "$5$" + (r.chance(0.3) ? "rounds=\(r.int(5000...656000))$" : "") + r.string(.crypt, 16) + "$" + r.string(.crypt, 43) }
    static func sha512crypt(_ r: inout SplitMix64) -> String { "$6$" + r.string(.crypt, 16) + "$" + r.string(.crypt, 86) }
    static func yescrypt(_ r: inout SplitMix64) -> String { "$y$j9T$" + r.string(.crypt, 22) + "$" + r.string(.crypt, 43) }
    static func anyCrypt(_ r: inout SplitMix64) -> String {
        switch r.int(0...4) {
        case 0: md5crypt(&r)
        case 1: bcrypt(&r)
        case 2: sha256crypt(&r)
        case 3: sha512crypt(&r)
        default: yescrypt(&r)
        }
    }

    /// Cisco type 7: a two-digit offset into the XOR key, then the obfuscated bytes in hex.
    static func ciscoType7(_ r: inout SplitMix64) -> String { String(format: "%02d", r.int(0...15)) + r.string(.upperHex, 2 * r.int(6...14)) }
    static func ciscoType8(_ r: inout SplitMix64) -> String { "$8$" + r.string(.crypt, 14) + "$" + r.string(.crypt, 43) }
    static func ciscoType9(_ r: inout SplitMix64) -> String { "$9$" + r.string(.crypt, 14) + "$" + r.string(.crypt, 43) }

    static let realms = ["CORP.EXAMPLE.COM", "AD.EXAMPLE.ORG", "LAB.LOCAL", "EU.EXAMPLE.NET"]
    static func asrep(_ r: inout SplitMix64) -> String {
        "$krb5asrep$23$" + r.pick(SecretShape.givenNames) + ".svc@" + r.pick(realms) + ":" + r.string(.hex, 32) + "$" + r.string(.hex, 2 * r.int(110...200))
    }
    static func tgs(_ r: inout SplitMix64) -> String {
        let realm = r.pick(realms)
        return "$krb5tgs$23$*svc_" + r.pick(["sql", "web", "backup"]) + "$" + realm + "$" + r.pick(["MSSQLSvc", "HTTP", "CIFS"]) + "/host\(r.int(1...9)).\(realm.lowercased())*$"
            + r.string(.hex, 32) + "$" + r.string(.hex, 2 * r.int(250...400))
    }

    static func user(_ r: inout SplitMix64) -> String { r.pick(["admin", "deploy", "svc_backup", "app", "ci", "root", "reporting", "etl_user"]) }
    static func host(_ r: inout SplitMix64) -> String { r.pick(["db.internal", "10.0.3.14", "prod-db-1.example.net", "localhost", "pg.example.com"]) }
    static func pw(_ r: inout SplitMix64) -> String { SecretShape.password(&r) }

    // MARK: Generators

    static let credentials: [StructuredSecret] = hashes + commandLines + connectionStrings + privateKeys

    static let hashes: [StructuredSecret] = [
        StructuredSecret("crypt-hash", .credential, repeats: 6, tuning: [
            { r in let h = anyCrypt(&r); return Placement(.text, "shadow", "\(user(&r)):\(h):\(r.int(18000...20500)):0:99999:7:::", secrets: [h]) },
            { r in let h = bcrypt(&r); return Placement(.text, "yaml", "users:\n  - name: \(user(&r))\n    password_hash: \"\(h)\"\n", secrets: [h]) },
            { r in let h = anyCrypt(&r); return Placement(.json, "json", #"{"username":"\#(user(&r))","hash":"\#(h)","active":true}"#, secrets: [h]) },
        ], heldOut: HeldOut.cryptHash),
        StructuredSecret("cisco-password", .credential, repeats: 5, tuning: [
            { r in let h = ciscoType7(&r); return Placement(.text, "cisco", "username \(user(&r)) privilege 15 password 7 \(h)\n!", secrets: [h]) },
            { r in let h = md5crypt(&r, saltLength: 4); return Placement(.text, "cisco", "hostname edge-\(r.int(1...9))\nenable secret 5 \(h)\n!", secrets: [h]) },
            { r in let h = ciscoType8(&r); return Placement(.text, "cisco", "username \(user(&r)) privilege 15 secret 8 \(h)", secrets: [h]) },
        ], heldOut: HeldOut.ciscoPassword),
        StructuredSecret("kerberos-hash", .credential, repeats: 4, tuning: [
            { r in let h = asrep(&r); return Placement(.text, "log", h, secrets: [h]) },
            { r in let h = tgs(&r); return Placement(.text, "log", "[*] Hash written: \(h)", secrets: [h]) },
        ], heldOut: HeldOut.kerberosHash),
        StructuredSecret("netrc", .credential, repeats: 5, tuning: [
            { r in let p = pw(&r); return Placement(.text, "netrc", "machine api.example.com login \(user(&r)) password \(p)\n", secrets: [p]) },
        ], heldOut: HeldOut.netrc),
    ]

    static let commandLines: [StructuredSecret] = [
        StructuredSecret("command-line-password", .credential, repeats: 5, tuning: [
            { r in let p = pw(&r); return Placement(.text, "shell", "mysql -u \(user(&r)) -p\(Encode.shell(p)) -h \(host(&r)) app_db", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "shell", "./bin/deploy --user \(user(&r)) --password \(Encode.shell(p)) --env prod", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "powershell", "Connect-Server -Name sql\(r.int(1...9)) -User \(user(&r)) -Password \(Encode.shell(p))", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "curl", "curl -u \(user(&r)):\(Encode.shell(p)) https://ci.example.com/api/json", secrets: [p]) },
        ], heldOut: HeldOut.commandLinePassword),
        StructuredSecret("code-credential", .credential, repeats: 5, tuning: [
            { r in let p = pw(&r); return Placement(.text, "csharp", "var credential = new NetworkCredential(\"\(user(&r))\", \"\(p)\");", secrets: [p]) },
            { r in let p = pw(&r); return Placement(.text, "python", "session.auth = HTTPBasicAuth(\"\(user(&r))\", \"\(p)\")", secrets: [p]) },
        ], heldOut: HeldOut.codeCredential),
        StructuredSecret("http-basic", .credential, repeats: 5, tuning: [
            { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.header("Authorization"), "header", "Basic \(b)", secrets: [b]) },
            { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.text, "curl", "curl -H 'Authorization: Basic \(b)' https://registry.example.com/v2/", secrets: [b]) },
        ], heldOut: HeldOut.httpBasic),
        StructuredSecret("url-userinfo", .credential, repeats: 5, tuning: [
            { r in let p = Encode.percent(pw(&r)); return Placement(.url, "url", "https://\(user(&r)):\(p)@git.example.com/org/repo.git/info/refs?service=git-upload-pack", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "log", "INFO cloning https://\(user(&r)):\(p)@git.example.com/org/app.git into /tmp/build", secrets: [p]) },
        ], heldOut: HeldOut.urlUserinfo),
    ]

    /// A database URI with `password` percent-encoded, as drivers require.
    static func uri(_ provider: String, _ r: inout SplitMix64, password p: String) -> String {
        let u = user(&r)
        switch provider {
        case "postgres-uri": return "\(r.pick(["postgres", "postgresql"]))://\(u):\(p)@\(host(&r)):5432/app?sslmode=require"
        case "mysql-uri": return "mysql://\(u):\(p)@\(host(&r)):3306/shop"
        case "mongodb-uri": return r.chance(0.5) ? "mongodb+srv://\(u):\(p)@cluster0.\(r.string(.lowerAlnum, 5)).mongodb.net/prod?retryWrites=true&w=majority"
            : "mongodb://\(u):\(p)@mongo-1:27017,mongo-2:27017/?replicaSet=rs0"
        case "redis-uri": return r.chance(0.5) ? "redis://:\(p)@cache.internal:6379/0" : "rediss://default:\(p)@\(r.string(.lowerAlnum, 8)).cache.example.net:6380"
        case "amqp-uri": return "\(r.pick(["amqp", "amqps"]))://\(u):\(p)@rabbit.internal:5672/\(r.pick(["%2F", "orders", "events"]))"
        default: return "jdbc:postgresql://\(host(&r)):5432/app?user=\(u)&password=\(p)&ssl=true"
        }
    }

    static let uriProviders = ["postgres-uri", "mysql-uri", "mongodb-uri", "redis-uri", "amqp-uri", "jdbc-url"]

    static let connectionStrings: [StructuredSecret] = uriProviders.map { provider in
        StructuredSecret(provider, .credential, repeats: 2, tuning: [
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "env", "DATABASE_URL=\(uri(provider, &r, password: p))", secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.json, "json", #"{"dsn":"\#(uri(provider, &r, password: p))","pool":10}"#, secrets: [p]) },
            { r in let p = Encode.percent(pw(&r)); return Placement(.text, "log", "2026-11-25 09:14:03 ERROR could not connect to \(uri(provider, &r, password: p)): timeout", secrets: [p]) },
        ], heldOut: HeldOut.databaseURI(provider))
    } + [
        StructuredSecret("jdbc-url", .credential, repeats: 3, tuning: [
            { r in let p = pw(&r); return Placement(.text, "properties", "spring.datasource.url=jdbc:mysql://\(host(&r)):3306/shop?user=\(user(&r))&password=\(Encode.percent(p))&useSSL=true", secrets: [Encode.percent(p)]) },
        ], heldOut: HeldOut.jdbcURL),
        StructuredSecret("mssql-connection-string", .credential, repeats: 4, tuning: [
            { r in let p = pw(&r); return Placement(.text, "config", "Server=tcp:\(r.string(.lowerAlnum, 8)).database.windows.net,1433;Initial Catalog=app;User ID=\(user(&r));Password=\(p);Encrypt=True;", secrets: [p]) },
        ], heldOut: HeldOut.mssqlConnectionString),
    ]
}
