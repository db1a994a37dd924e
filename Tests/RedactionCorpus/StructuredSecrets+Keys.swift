import Foundation
import LoupeRedaction

// Private keys in every encoding: PEM (PKCS#1, PKCS#8, EC, encrypted), OpenSSH, PuTTY,
// PKCS#12 base64 next to a name, a base64-encoded PEM, a PEM split across quoted string lines.
// The key material is random base64 behind the documented DER / format prefixes.

extension StructuredSecret {
    /// A PEM block: the label, and base64 lines of 64 characters.
    struct PEM {
        var label: String
        var lines: [String]
        var text: String { "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----" }
    }

    static func wrap(_ body: String, width: Int = 64) -> [String] {
        var lines: [String] = [], rest = Substring(body)
        while !rest.isEmpty { lines.append(String(rest.prefix(width))); rest = rest.dropFirst(width) }
        return lines
    }

    static func pem(_ r: inout SplitMix64) -> PEM {
        switch r.int(0...4) {
        case 0: return PEM(label: "RSA PRIVATE KEY", lines: wrap("MIIEowIBAAKCAQEA" + r.string(.base64, 1572) + "=="))
        case 1: return PEM(label: "PRIVATE KEY", lines: wrap("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + r.string(.base64, 1574)))
        case 2: return PEM(label: "EC PRIVATE KEY", lines: wrap("MHcCAQEEI" + r.string(.base64, 155)))
        case 3: return PEM(label: "ENCRYPTED PRIVATE KEY", lines: wrap("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI" + r.string(.base64, 1200) + "="))
        default: return PEM(label: "PRIVATE KEY", lines: wrap("MC4CAQAwBQYDK2VwBCIEI" + r.string(.base64, 27)))
        }
    }

    static func openSSH(_ r: inout SplitMix64) -> PEM {
        PEM(label: "OPENSSH PRIVATE KEY", lines: wrap("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACA" + r.string(.base64, 300) + "=", width: 70))
    }

    /// A PuTTY key file and its private lines (the secret part; the public lines are not).
    static func putty(_ r: inout SplitMix64) -> (text: String, secrets: [String]) {
        if r.chance(0.5) {
            let priv = "AAAAI" + r.string(.base64, 38) + "="
            let text = "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nKey-Derivation: Argon2id\nComment: ed25519-key-2026112\(r.int(0...9))\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI\(r.string(.base64, 39))\n\(r.string(.base64, 20))\nPrivate-Lines: 1\n\(priv)\nPrivate-MAC: \(r.string(.hex, 64))"
            return (text, [priv])
        }
        let privLines = wrap("AAABAQ" + r.string(.base64, 870), width: 64)
        let text = "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: rsa-key-2026\nPublic-Lines: 6\n" + wrap("AAAAB3NzaC1yc2EAAAABJQAAAQEA" + r.string(.base64, 340)).joined(separator: "\n")
            + "\nPrivate-Lines: \(privLines.count)\n" + privLines.joined(separator: "\n") + "\nPrivate-MAC: \(r.string(.hex, 40))"
        return (text, privLines)
    }

    static func pkcs12(_ r: inout SplitMix64) -> String { "MIIK" + r.string(.base64, r.int(600...1400)) + "==" }

    static func base64PEM(_ r: inout SplitMix64) -> String {
        Data((pem(&r).text + "\n").utf8).base64EncodedString()
    }

    static let privateKeys: [StructuredSecret] = [
        StructuredSecret("pem-private-key", .credential, repeats: 6, tuning: [
            { r in let k = pem(&r).text; return Placement(.text, "pem", k + "\n", secrets: [k]) },
            { r in let k = Encode.json(pem(&r).text + "\n"); return Placement(.json, "json", #"{"type":"service_account","project_id":"demo-\#(r.int(100...999))","private_key_id":"\#(r.string(.hex, 40))","private_key":"\#(k)","client_id":"\#(r.string(.digits, 21))"}"#, secrets: [k]) },
            { r in let k = pem(&r).text; return Placement(.text, "log", "DEBUG tls: loaded key from vault:\n\(k)\nDEBUG tls: handshake ok", secrets: [k]) },
        ], heldOut: HeldOut.pemPrivateKey),
        StructuredSecret("openssh-private-key", .credential, repeats: 5, tuning: [
            { r in let k = openSSH(&r).text; return Placement(.text, "pem", k + "\n", secrets: [k]) },
        ], heldOut: HeldOut.opensshPrivateKey),
        StructuredSecret("putty-private-key", .credential, repeats: 5, tuning: [
            { r in let (t, s) = putty(&r); return Placement(.text, "ppk", t, secrets: s) },
        ], heldOut: HeldOut.puttyPrivateKey),
        StructuredSecret("pkcs12-base64", .credential, repeats: 5, tuning: [
            { r in let k = pkcs12(&r); return Placement(.text, "env", "SIGNING_CERTIFICATE_P12_BASE64=\(k)", secrets: [k]) },
            { r in let k = pkcs12(&r); return Placement(.json, "json", #"{"keystoreType":"PKCS12","keystore":"\#(k)"}"#, secrets: [k]) },
        ], heldOut: HeldOut.pkcs12Base64),
        StructuredSecret("base64-pem", .credential, repeats: 5, tuning: [
            { r in let k = base64PEM(&r); return Placement(.text, "yaml", "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.key: \(k)", secrets: [k]) },
        ], heldOut: HeldOut.base64EncodedPEM),
        StructuredSecret("split-pem", .credential, repeats: 5, tuning: [
            { r in let p = pem(&r)
                let text = "const key =\n  '-----BEGIN \(p.label)-----\\n' +\n" + p.lines.map { "  '\($0)\\n' +" }.joined(separator: "\n") + "\n  '-----END \(p.label)-----\\n';"
                return Placement(.text, "javascript", text, secrets: p.lines) },
        ], heldOut: HeldOut.splitPEM),
    ]
}
