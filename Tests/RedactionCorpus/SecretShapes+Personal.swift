import Foundation
import LoupeRedaction

// Personal data: e-mail addresses, phone numbers in E.164 and national formats, US SSNs in
// valid ranges, and passport / national identifiers (planted next to their names only).
// Every value is generated from the documented format; none belongs to a person.

extension SecretShape {
    static let personal: [SecretShape] = [email] + phones + [ssn, ssnCompact] + identityDocuments

    static let givenNames = ["ann", "bob", "carla", "dmitri", "eve", "farah", "giulia", "hiro", "ines", "jonas",
                             "kwame", "lena", "mateo", "noor", "olga", "pierre", "quinn", "rosa", "sven", "tomoko"]
    static let familyNames = ["smith", "garcia", "muller", "rossi", "dubois", "tanaka", "silva", "kowalski",
                              "nguyen", "okafor", "jensen", "haddad", "schmidt", "martin", "brown", "novak"]

    static let email = SecretShape("email", .pii, names: ["EMAIL", "USER_EMAIL", "CONTACT_EMAIL", "BILLING_EMAIL"],
                                   header: .named("X-User-Email"), weight: 2) { r in
        let given = r.pick(givenNames), family = r.pick(familyNames)
        let local: String
        switch r.int(0...5) {
        case 0: local = "\(given).\(family)"
        case 1: local = "\(given)\(r.int(1...99))"
        case 2: local = "\(given.prefix(1))\(family)"
        case 3: local = "\(given)+\(r.pick(["news", "billing", "test", "github"]))"
        case 4: local = "\(given)_\(family)\(r.int(70...99))"
        default: local = "\(given.capitalized).\(family.capitalized)"
        }
        let domain = r.pick(["example.com", "example.org", "mail.example.net", "corp.example.co.uk", "example.de",
                             "acme-widgets.io", "northwind-traders.com", "contoso.example", "uni-example.edu", "example.com.br"])
        return "\(local)@\(domain)"
    }

    /// A digit string of `count` digits whose first digit is not 0.
    static func nonZeroLead(_ r: inout SplitMix64, _ count: Int) -> String {
        String(r.int(1...9)) + r.string(.digits, count - 1)
    }

    static let phones: [SecretShape] = [
        SecretShape("phone-us-ca", .pii, names: ["PHONE", "PHONE_NUMBER", "MOBILE"], header: .named("X-Phone-Number"), weight: 2) { r in
            let area = "\(r.int(2...9))\(r.int(0...8))\(r.int(0...9))", exchange = "\(r.int(2...9))\(r.string(.digits, 2))", line = r.string(.digits, 4)
            let number = r.pick(["(\(area)) \(exchange)-\(line)", "\(area)-\(exchange)-\(line)", "\(area).\(exchange).\(line)",
                                 "+1 \(area) \(exchange) \(line)", "+1\(area)\(exchange)\(line)", "1-\(area)-\(exchange)-\(line)",
                                 "+1 (\(area)) \(exchange)-\(line)"])
            let ext = r.pick(["", "", "", " x\(r.int(2...999))", " ext. \(r.int(2...99))", " ext \(r.int(100...9999))", " extension \(r.int(10...999))"])
            return number + ext
        },
        SecretShape("phone-uk", .pii, names: ["PHONE", "TELEPHONE", "MOBILE_NUMBER"], header: .named("X-Phone-Number")) { r in
            let mobile = "7\(r.int(1...9))\(r.string(.digits, 2))", rest = r.string(.digits, 6)
            let london = "20 \(r.int(3...8))\(r.string(.digits, 3)) \(r.string(.digits, 4))"
            return r.pick(["+44 \(mobile) \(rest)", "0\(mobile) \(rest)", "+44 \(london)", "0\(london)", "+44\(mobile)\(rest)",
                           "+44 (0)\(london)", "0\(mobile) \(rest) ext. \(r.int(2...99))"])
        },
        SecretShape("phone-de", .pii, names: ["TELEFON", "PHONE", "HANDYNUMMER"], header: .named("X-Phone-Number")) { r in
            let mobile = "1\(r.pick(["51", "52", "57", "60", "70", "76"]))", city = r.pick(["30", "40", "89", "69", "221"])
            return r.pick(["+49 \(city) \(nonZeroLead(&r, 8))", "0\(city) \(nonZeroLead(&r, 7))", "+49 \(mobile) \(nonZeroLead(&r, 8))",
                           "0\(mobile) \(nonZeroLead(&r, 8))", "+49 (0)\(city) \(nonZeroLead(&r, 7))", "0\(city)/\(nonZeroLead(&r, 7))-\(r.int(10...99))"])
        },
        SecretShape("phone-fr", .pii, names: ["TELEPHONE", "PHONE", "PORTABLE"], header: .named("X-Phone-Number")) { r in
            let pairs = (0..<4).map { _ in r.string(.digits, 2) }
            let lead = r.int(1...7)
            return r.pick(["+33 \(lead) \(pairs.joined(separator: " "))", "0\(lead) \(pairs.joined(separator: " "))",
                           "0\(lead).\(pairs.joined(separator: "."))", "+33\(lead)\(pairs.joined())", "0\(lead)\(pairs.joined())"])
        },
        SecretShape("phone-it", .pii, names: ["TELEFONO", "PHONE", "CELLULARE"], header: .named("X-Phone-Number")) { r in
            r.pick(["+39 06 \(r.string(.digits, 4)) \(r.string(.digits, 4))", "+39 3\(r.int(20...49)) \(r.string(.digits, 3)) \(r.string(.digits, 4))",
                    "3\(r.int(20...49)) \(r.string(.digits, 3)) \(r.string(.digits, 4))", "02 \(r.string(.digits, 8))", "+393\(r.int(20...49))\(r.string(.digits, 7))"])
        },
        SecretShape("phone-es", .pii, names: ["TELEFONO", "PHONE", "MOVIL"], header: .named("X-Phone-Number")) { r in
            let mobile = "6\(r.string(.digits, 2))", land = "9\(r.int(1...8))\(r.int(0...9))"
            return r.pick(["+34 \(mobile) \(r.string(.digits, 2)) \(r.string(.digits, 2)) \(r.string(.digits, 2))", "\(mobile) \(r.string(.digits, 3)) \(r.string(.digits, 3))",
                           "+34 \(land) \(r.string(.digits, 3)) \(r.string(.digits, 3))", "+34\(mobile)\(r.string(.digits, 6))"])
        },
        SecretShape("phone-nl", .pii, names: ["TELEFOONNUMMER", "PHONE", "MOBIEL"], header: .named("X-Phone-Number")) { r in
            r.pick(["+31 6 \(nonZeroLead(&r, 8))", "06-\(nonZeroLead(&r, 8))", "020-\(nonZeroLead(&r, 7))", "+31 20 \(nonZeroLead(&r, 3)) \(r.string(.digits, 4))",
                    "+316\(nonZeroLead(&r, 8))", "(010) \(nonZeroLead(&r, 3)) \(r.string(.digits, 4))"])
        },
        SecretShape("phone-in", .pii, names: ["MOBILE", "PHONE", "CONTACT_NUMBER"], header: .named("X-Phone-Number")) { r in
            let first = "\(r.int(6...9))\(r.string(.digits, 4))", second = r.string(.digits, 5)
            return r.pick(["+91 \(first) \(second)", "0\(first) \(second)", "+91-\(first)\(second)", "+91\(first)\(second)", "\(first) \(second)"])
        },
        SecretShape("phone-br", .pii, names: ["TELEFONE", "CELULAR", "PHONE"], header: .named("X-Phone-Number")) { r in
            let ddd = "\(r.int(1...9))\(r.int(1...9))"
            return r.pick(["+55 \(ddd) 9\(r.string(.digits, 4))-\(r.string(.digits, 4))", "(\(ddd)) 9\(r.string(.digits, 4))-\(r.string(.digits, 4))",
                           "+55 (\(ddd)) \(r.int(2...5))\(r.string(.digits, 3))-\(r.string(.digits, 4))", "+55\(ddd)9\(r.string(.digits, 8))"])
        },
        SecretShape("phone-jp", .pii, names: ["DENWA_BANGOU", "PHONE", "TEL"], header: .named("X-Phone-Number")) { r in
            let mobile = r.pick(["70", "80", "90"])
            return r.pick(["+81 \(mobile)-\(r.string(.digits, 4))-\(r.string(.digits, 4))", "0\(mobile)-\(r.string(.digits, 4))-\(r.string(.digits, 4))",
                           "03-\(r.string(.digits, 4))-\(r.string(.digits, 4))", "+81 3 \(r.string(.digits, 4)) \(r.string(.digits, 4))", "06-\(r.string(.digits, 4))-\(r.string(.digits, 4))"])
        },
        SecretShape("phone-au", .pii, names: ["PHONE", "MOBILE", "CONTACT_PHONE"], header: .named("X-Phone-Number")) { r in
            r.pick(["+61 4\(r.string(.digits, 2)) \(r.string(.digits, 3)) \(r.string(.digits, 3))", "04\(r.string(.digits, 2)) \(r.string(.digits, 3)) \(r.string(.digits, 3))",
                    "(0\(r.pick(["2", "3", "7", "8"]))) \(r.int(3...9))\(r.string(.digits, 3)) \(r.string(.digits, 4))", "+61 \(r.pick(["2", "3", "7", "8"])) \(r.int(3...9))\(r.string(.digits, 3)) \(r.string(.digits, 4))",
                    "+614\(r.string(.digits, 8))"])
        },
    ]

    /// A US SSN in the valid ranges: area 001–899 but not 666, group 01–99, serial 0001–9999.
    static func ssnParts(_ r: inout SplitMix64) -> (String, String, String) {
        var area = r.int(1...899)
        if area == 666 { area = 667 }
        return (String(format: "%03d", area), String(format: "%02d", r.int(1...99)), String(format: "%04d", r.int(1...9999)))
    }

    static let ssn = SecretShape("us-ssn", .pii, names: ["SSN", "SOCIAL_SECURITY_NUMBER", "EMPLOYEE_SSN"], header: .named("X-SSN"), weight: 2) { r in
        let (a, g, s) = ssnParts(&r)
        return "\(a)-\(g)-\(s)"
    }

    static let ssnCompact = SecretShape("us-ssn", .pii, names: ["SSN", "SOC_SEC_NO", "TAXPAYER_SSN"], header: .named("X-SSN"), standalone: false) { r in
        let (a, g, s) = ssnParts(&r)
        return r.chance(0.5) ? "\(a)\(g)\(s)" : "\(a) \(g) \(s)"
    }

    static let identityDocuments: [SecretShape] = [
        SecretShape("us-passport", .pii, names: ["PASSPORT_NUMBER", "PASSPORT_NO"], header: .named("X-Passport-Number"), standalone: false) { r in
            r.chance(0.5) ? nonZeroLead(&r, 9) : r.string(.upper, 1) + r.string(.digits, 8)
        },
        SecretShape("uk-passport", .pii, names: ["PASSPORT_NUMBER", "PASSPORT"], header: .named("X-Passport-Number"), standalone: false) { nonZeroLead(&$0, 9) },
        SecretShape("de-id-card", .pii, names: ["AUSWEISNUMMER", "ID_CARD_NUMBER", "PERSONALAUSWEIS"], standalone: false) { r in
            r.string(Alphabet("CFGHJKLMNPRTVWXYZ"), 1) + r.string(Alphabet("CFGHJKLMNPRTVWXYZ0123456789"), 8)
        },
        SecretShape("fr-id-card", .pii, names: ["NUMERO_CNI", "NATIONAL_ID", "CARTE_IDENTITE"], standalone: false) { r in
            r.chance(0.5) ? r.string(.digits, 12) : r.string(.upperAlnum, 9)
        },
        SecretShape("it-codice-fiscale", .pii, names: ["CODICE_FISCALE", "TAX_CODE"], standalone: false) { r in
            r.string(.upper, 6) + r.string(.digits, 2) + r.string(Alphabet("ABCDEHLMPRST"), 1) + String(format: "%02d", r.int(1...71))
                + r.string(.upper, 1) + r.string(.digits, 3) + r.string(.upper, 1)
        },
        SecretShape("es-dni", .pii, names: ["DNI", "NIF", "DOCUMENTO_IDENTIDAD"], standalone: false) { r in
            let number = r.int(10_000_000...99_999_999)
            return String(number) + String(Array("TRWAGMYFPDXBNJZSQVHLCKE")[number % 23])
        },
        SecretShape("nl-bsn", .pii, names: ["BSN", "BURGERSERVICENUMMER"], standalone: false) { r in
            while true {
                let digits = (0..<8).map { $0 == 0 ? r.int(1...9) : r.int(0...9) }
                let sum = zip(digits, [9, 8, 7, 6, 5, 4, 3, 2]).map { $0 * $1 }.reduce(0, +)
                let last = sum % 11
                if last < 10 { return digits.map(String.init).joined() + String(last) }
            }
        },
        SecretShape("in-aadhaar", .pii, names: ["AADHAAR", "AADHAAR_NUMBER", "UID_NUMBER"], standalone: false) { r in
            let payload = String(r.int(2...9)) + r.string(.digits, 10)
            let full = payload + String(Checksum.verhoeffCheckDigit(payload))
            let chars = Array(full)
            return r.chance(0.5) ? full : "\(String(chars[0..<4])) \(String(chars[4..<8])) \(String(chars[8..<12]))"
        },
        SecretShape("in-pan", .pii, names: ["PAN_NUMBER", "INCOME_TAX_PAN"], standalone: false) { r in
            r.string(.upper, 3) + r.pick(["P", "C", "H", "F"]) + r.string(.upper, 1) + r.string(.digits, 4) + r.string(.upper, 1)
        },
        SecretShape("br-cpf", .pii, names: ["CPF", "NUMERO_CPF"], standalone: false) { r in
            var digits = (0..<9).map { _ in r.int(0...9) }
            for length in [9, 10] {
                let sum = digits.prefix(length).enumerated().map { $0.element * (length + 1 - $0.offset) }.reduce(0, +)
                let check = (sum * 10) % 11
                digits.append(check == 10 ? 0 : check)
            }
            let s = digits.map(String.init).joined()
            let c = Array(s)
            return r.chance(0.6) ? "\(String(c[0..<3])).\(String(c[3..<6])).\(String(c[6..<9]))-\(String(c[9..<11]))" : s
        },
        SecretShape("jp-my-number", .pii, names: ["MY_NUMBER", "KOJIN_BANGOU", "INDIVIDUAL_NUMBER"], standalone: false) { r in
            let payload = (0..<11).map { _ in r.int(0...9) }
            let weights = [6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
            let remainder = zip(payload, weights).map { $0 * $1 }.reduce(0, +) % 11
            let check = remainder <= 1 ? 0 : 11 - remainder
            return payload.map(String.init).joined() + String(check)
        },
        SecretShape("au-tfn", .pii, names: ["TFN", "TAX_FILE_NUMBER"], standalone: false) { r in
            while true {
                let digits = (0..<9).map { $0 == 0 ? r.int(1...9) : r.int(0...9) }
                if zip(digits, [1, 4, 3, 7, 5, 8, 6, 9, 10]).map({ $0 * $1 }).reduce(0, +) % 11 == 0 {
                    let s = digits.map(String.init).joined(), c = Array(s)
                    return r.chance(0.5) ? s : "\(String(c[0..<3])) \(String(c[3..<6])) \(String(c[6..<9]))"
                }
            }
        },
        SecretShape("ca-sin", .pii, names: ["SIN", "SOCIAL_INSURANCE_NUMBER"], standalone: false) { r in
            let payload = String(r.int(1...7)) + r.string(.digits, 7)
            let s = payload + String(Checksum.luhnCheckDigit(payload)), c = Array(s)
            return r.chance(0.5) ? s : "\(String(c[0..<3])) \(String(c[3..<6])) \(String(c[6..<9]))"
        },
        SecretShape("uk-nino", .pii, names: ["NI_NUMBER", "NATIONAL_INSURANCE_NUMBER", "NINO"], standalone: false) { r in
            let letters = Alphabet("ABCEGHJKLMNPRSTWXYZ")
            let prefix = r.string(letters, 1) + r.string(Alphabet("ABCEGHJKLMNPRSTWXYZ"), 1)
            let d = r.string(.digits, 6), c = Array(d), suffix = r.pick(["A", "B", "C", "D"])
            return r.chance(0.5) ? prefix + d + suffix : "\(prefix) \(String(c[0..<2])) \(String(c[2..<4])) \(String(c[4..<6])) \(suffix)"
        },
    ]
}
