import Foundation
import LoupeRedaction

/// A look-alike that must come out of the redactor unchanged: a UUID, a digest, a placeholder,
/// a Luhn-invalid digit run … in some syntax. `category` is the category it imitates.
struct BenignTemplate: Sendable {
    var provider: String
    var category: RedactionRule.Category
    var render: @Sendable (inout SplitMix64) -> Placement

    init(_ provider: String, _ category: RedactionRule.Category, render: @escaping @Sendable (inout SplitMix64) -> Placement) {
        self.provider = provider
        self.category = category
        self.render = render
    }

    // MARK: Look-alike values

    static func sha256(_ r: inout SplitMix64) -> String { r.string(.hex, 64) }
    static func gitSHA(_ r: inout SplitMix64) -> String { r.string(.hex, 40) }
    static func timestamp(_ r: inout SplitMix64) -> String {
        String(format: "2026-%02d-%02dT%02d:%02d:%02d.%03dZ", r.int(1...12), r.int(1...28), r.int(0...23), r.int(0...59), r.int(0...59), r.int(0...999))
    }
    static func version(_ r: inout SplitMix64) -> String { "\(r.int(0...9)).\(r.int(0...40)).\(r.int(0...20))" }
    static func ipv4(_ r: inout SplitMix64) -> String { r.pick(["10.\(r.int(0...255)).\(r.int(0...255)).\(r.int(1...254))", "192.168.\(r.int(0...255)).\(r.int(1...254))", "172.\(r.int(16...31)).\(r.int(0...255)).\(r.int(1...254))"]) }

    /// A digit run of `length` with a card-like prefix that fails the Luhn check.
    static func luhnInvalid(_ r: inout SplitMix64, length: Int? = nil) -> String {
        let brand = r.pick(SecretShape.cardBrands)
        var number = SecretShape.pan(brand, &r)
        if let length, length != number.count { number = String((number + r.string(.digits, 19)).prefix(length)) }
        while Checksum.luhnValid(number) {
            let last = number.last!.wholeNumberValue!
            number = String(number.dropLast()) + String((last + 1) % 10)
        }
        return number
    }

    /// An IBAN in a valid country format whose check digits are wrong.
    static func invalidIBAN(_ r: inout SplitMix64) -> String {
        let valid = SecretShape.iban(&r)
        let digits = Int(valid.dropFirst(2).prefix(2))!
        var offset = r.int(1...40)
        while true {
            let candidate = String(valid.prefix(2)) + String(format: "%02d", (digits + offset) % 100) + String(valid.dropFirst(4))
            if !Checksum.ibanValid(candidate) { return candidate }
            offset += 1
        }
    }

    /// An SSN-shaped number in a range the SSA never issues: area 000, 666 or 9xx, group 00, serial 0000.
    static func invalidSSN(_ r: inout SplitMix64) -> String {
        switch r.int(0...4) {
        case 0: return "000-\(String(format: "%02d", r.int(1...99)))-\(String(format: "%04d", r.int(1...9999)))"
        case 1: return "666-\(String(format: "%02d", r.int(1...99)))-\(String(format: "%04d", r.int(1...9999)))"
        case 2: return "9\(r.string(.digits, 2))-\(String(format: "%02d", r.int(1...99)))-\(String(format: "%04d", r.int(1...9999)))"
        case 3: return "\(String(format: "%03d", r.int(1...665)))-00-\(String(format: "%04d", r.int(1...9999)))"
        default: return "\(String(format: "%03d", r.int(1...665)))-\(String(format: "%02d", r.int(1...99)))-0000"
        }
    }
}
