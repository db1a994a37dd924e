import Foundation
import LoupeRedaction

// Credentials without a prefix that are recognizable only by the name next to them: passwords
// in every config syntax and high-entropy values under secret-ish names.

extension SecretShape {
    static let words = ["Harbor", "maple", "Quartz", "violet", "Falcon", "orbit", "Cobalt", "tundra", "Lantern", "pepper",
                        "Saffron", "glacier", "Meadow", "copper", "Nimbus", "willow", "Raven", "summit", "Juniper", "velvet"]

    /// A password as people choose them: random, or words with digits and a symbol.
    static func password(_ r: inout SplitMix64) -> String {
        switch r.int(0...3) {
        case 0:
            return r.string(.alnum, r.int(6...10)) + r.string(.passwordSymbols, 1) + r.string(.alnum, r.int(3...10))
        case 1:
            return r.pick(words) + String(r.int(10...9999)) + r.string(.passwordSymbols, 1)
        case 2:
            return r.pick(words) + r.pick(["-", "_", ".", "!"]) + r.pick(words).lowercased() + r.pick(["-", "_", "."]) + r.pick(words).lowercased() + String(r.int(1...99))
        default:
            return r.string(Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!*-_.@%^+=~"), r.int(12...32))
        }
    }

    /// A machine-generated secret: hex, base64 or base62 of 16 to 64 characters.
    static func highEntropy(_ r: inout SplitMix64) -> String {
        switch r.int(0...3) {
        case 0: return r.string(.hex, r.pick([32, 40, 64]))
        case 1: return Data(r.bytes(r.pick([24, 32, 48]))).base64EncodedString()
        case 2: return r.string(.alnum, r.int(20...48))
        default: return r.string(.base64URL, r.int(22...44))
        }
    }

    static let credentials: [SecretShape] = [
        SecretShape("password", .credential, names: ["DB_PASSWORD", "PASSWORD", "MYSQL_ROOT_PASSWORD", "SMTP_PASSWORD", "REDIS_PASSWORD",
                                                      "ADMIN_PASSWORD", "PGPASSWORD", "LDAP_BIND_PASSWORD", "KEYSTORE_PASSWORD", "PASSWD", "PWD_ADMIN"],
                    header: .named("X-Password"), standalone: false, weight: 4) { password(&$0) },
        SecretShape("generic-secret", .credential, names: ["CLIENT_SECRET", "API_KEY", "SECRET_KEY", "SECRET_KEY_BASE", "JWT_SECRET",
                                                            "SESSION_SECRET", "SIGNING_KEY", "ENCRYPTION_KEY", "WEBHOOK_SECRET", "AUTH_TOKEN",
                                                            "APP_SECRET", "PRIVATE_TOKEN", "MASTER_KEY", "ACCESS_KEY", "HMAC_KEY", "API_TOKEN"],
                    header: .named("X-Api-Key"), standalone: false, weight: 4) { highEntropy(&$0) },
    ]
}
