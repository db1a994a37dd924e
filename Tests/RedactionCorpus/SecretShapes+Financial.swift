import Foundation
import LoupeRedaction

// Financial data: Luhn-valid card numbers (PAN) of every documented brand and length, compact
// and grouped, and IBANs with valid ISO 13616 check digits for many countries.

extension SecretShape {
    /// A card brand: its IIN prefixes and PAN lengths, from the networks' published ranges.
    struct CardBrand: Sendable {
        var name: String
        var prefixes: [String]
        var lengths: [Int]
    }

    static let cardBrands: [CardBrand] = [
        CardBrand(name: "visa", prefixes: ["4"], lengths: [13, 16, 19]),
        CardBrand(name: "mastercard", prefixes: ["51", "52", "53", "54", "55", "2221", "2300", "2500", "2720"], lengths: [16]),
        CardBrand(name: "amex", prefixes: ["34", "37"], lengths: [15]),
        CardBrand(name: "discover", prefixes: ["6011", "644", "645", "649", "65"], lengths: [16, 19]),
        CardBrand(name: "jcb", prefixes: ["3528", "3530", "3566", "3589"], lengths: [16, 17, 18, 19]),
        CardBrand(name: "maestro", prefixes: ["5018", "5020", "5038", "5893", "6304", "6759", "6761", "6762", "6763"], lengths: [12, 13, 14, 15, 16, 17, 18, 19]),
        CardBrand(name: "unionpay", prefixes: ["62"], lengths: [16, 17, 18, 19]),
        CardBrand(name: "diners", prefixes: ["300", "301", "305", "36", "38", "39"], lengths: [14]),
    ]

    /// A Luhn-valid PAN of `brand`, without separators.
    static func pan(_ brand: CardBrand, _ r: inout SplitMix64) -> String {
        let prefix = r.pick(brand.prefixes), length = r.pick(brand.lengths)
        let payload = prefix + r.string(.digits, length - prefix.count - 1)
        return payload + String(Checksum.luhnCheckDigit(payload))
    }

    /// `pan` grouped the way cards print it: 4-6-5 (Amex, 15 digits), 4-6-4 (Diners, 14),
    /// 4-3-3-3 (13), fours otherwise, with a longer last group for 17 and 18 digits.
    static func grouped(_ pan: String, brand: String, separator: String) -> String {
        let sizes: [Int]
        switch pan.count {
        case 12: sizes = [4, 4, 4]
        case 13: sizes = [4, 3, 3, 3]
        case 14: sizes = [4, 6, 4]
        case 15: sizes = [4, 6, 5]
        case 17: sizes = [4, 4, 4, 5]
        case 18: sizes = [4, 4, 4, 6]
        case 19: sizes = [4, 4, 4, 4, 3]
        default: sizes = [4, 4, 4, 4]
        }
        var groups: [String] = [], rest = Substring(pan)
        for size in sizes { groups.append(String(rest.prefix(size))); rest = rest.dropFirst(size) }
        return groups.joined(separator: separator)
    }

    static let cards: [SecretShape] = cardBrands.map { brand in
        SecretShape(brand.name, .financial, names: ["CARD_NUMBER", "PAN", "CC_NUMBER", "CREDIT_CARD"],
                    header: .named("X-Card-Number"), weight: 2) { r in
            let number = pan(brand, &r)
            switch r.int(0...3) {
            case 0, 1: return number
            case 2: return grouped(number, brand: brand.name, separator: " ")
            default: return grouped(number, brand: brand.name, separator: "-")
            }
        }
    }

    /// IBAN formats (country, BBAN pattern: `n` digit, `a` upper letter, `c` alphanumeric),
    /// from the SWIFT IBAN registry.
    static let ibanFormats: [(String, String)] = [
        ("DE", "nnnnnnnnnnnnnnnnnn"), ("GB", "aaaannnnnnnnnnnnnn"), ("FR", "nnnnnnnnnncccccccccccnn"),
        ("IT", "annnnnnnnnncccccccccccc"), ("ES", "nnnnnnnnnnnnnnnnnnnn"), ("NL", "aaaannnnnnnnnn"),
        ("BE", "nnnnnnnnnnnn"), ("CH", "nnnnncccccccccccc"), ("AT", "nnnnnnnnnnnnnnnn"),
        ("PL", "nnnnnnnnnnnnnnnnnnnnnnnn"), ("SE", "nnnnnnnnnnnnnnnnnnnn"), ("DK", "nnnnnnnnnnnnnn"),
        ("NO", "nnnnnnnnnnn"), ("FI", "nnnnnnnnnnnnnn"), ("PT", "nnnnnnnnnnnnnnnnnnnnn"),
        ("IE", "aaaannnnnnnnnnnnnn"), ("LU", "nnnccccccccccccc"), ("CZ", "nnnnnnnnnnnnnnnnnnnn"),
        ("HU", "nnnnnnnnnnnnnnnnnnnnnnnn"), ("RO", "aaaacccccccccccccccc"), ("GR", "nnnnnnncccccccccccccccc"),
        ("TR", "nnnnnncccccccccccccccc"), ("SA", "nncccccccccccccccccc"), ("AE", "nnnnnnnnnnnnnnnnnnn"),
        ("BR", "nnnnnnnnnnnnnnnnnnnnnnnac"), ("HR", "nnnnnnnnnnnnnnnnn"), ("SK", "nnnnnnnnnnnnnnnnnnnn"),
        ("SI", "nnnnnnnnnnnnnnn"), ("LT", "nnnnnnnnnnnnnnnn"), ("EE", "nnnnnnnnnnnnnnnn"), ("MT", "aaaannnnncccccccccccccccccc"),
    ]

    /// A valid IBAN of a random country from ``ibanFormats``, compact.
    static func iban(_ r: inout SplitMix64) -> String {
        let (country, pattern) = r.pick(ibanFormats)
        let bban = String(pattern.map { kind -> Character in
            switch kind {
            case "n": return Alphabet.digits.characters[r.int(0..<10)]
            case "a": return Alphabet.upper.characters[r.int(0..<26)]
            default: return Alphabet.upperAlnum.characters[r.int(0..<36)]
            }
        })
        return country + Checksum.ibanCheckDigits(country: country, bban: bban) + bban
    }

    /// Groups of four, as IBANs are printed.
    static func groupedIBAN(_ iban: String) -> String {
        var groups: [String] = [], rest = Substring(iban)
        while !rest.isEmpty { groups.append(String(rest.prefix(4))); rest = rest.dropFirst(4) }
        return groups.joined(separator: " ")
    }

    static let ibanShape = SecretShape("iban", .financial, names: ["IBAN", "BANK_ACCOUNT_IBAN", "PAYOUT_IBAN"],
                                       header: .named("X-Account-IBAN"), weight: 3) { r in
        let value = iban(&r)
        return r.chance(0.5) ? value : groupedIBAN(value)
    }

    static let financial: [SecretShape] = cards + [ibanShape]
}
