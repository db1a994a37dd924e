import Foundation

/// The check digits documented for cards, IBANs and national identifiers, so generated values
/// are valid (a rule that validates must accept them) and look-alikes can be made invalid.
enum Checksum {
    /// Whether `digits` pass the Luhn check.
    static func luhnValid(_ digits: String) -> Bool {
        luhnSum(digits.compactMap(\.wholeNumberValue), doubleFromRight: false) % 10 == 0
    }

    /// The Luhn check digit to append to `payload`.
    static func luhnCheckDigit(_ payload: String) -> Int {
        let sum = luhnSum(payload.compactMap(\.wholeNumberValue), doubleFromRight: true)
        return (10 - sum % 10) % 10
    }

    private static func luhnSum(_ digits: [Int], doubleFromRight: Bool) -> Int {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let doubled = (offset % 2 == 0) == doubleFromRight
            let value = doubled ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum
    }

    /// ISO 13616 check digits (two characters) for `country` and `bban`.
    static func ibanCheckDigits(country: String, bban: String) -> String {
        let remainder = mod97(bban + country + "00")
        let check = 98 - remainder
        return check < 10 ? "0\(check)" : "\(check)"
    }

    /// Whether a compact IBAN passes mod 97.
    static func ibanValid(_ iban: String) -> Bool {
        let compact = iban.replacingOccurrences(of: " ", with: "")
        guard compact.count > 4 else { return false }
        return mod97(String(compact.dropFirst(4)) + compact.prefix(4)) == 1
    }

    private static func mod97(_ text: String) -> Int {
        var remainder = 0
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                remainder = (remainder * 10 + digit) % 97
            } else if let ascii = character.uppercased().unicodeScalars.first?.value {
                remainder = (remainder * 100 + Int(ascii) - 55) % 97
            }
        }
        return remainder
    }

    /// The Verhoeff check digit (Aadhaar) for `payload`.
    static func verhoeffCheckDigit(_ payload: String) -> Int {
        let d: [[Int]] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
            [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
            [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
            [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
        ]
        let p: [[Int]] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
            [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
            [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
        ]
        let inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]
        var c = 0
        for (i, digit) in payload.compactMap(\.wholeNumberValue).reversed().enumerated() {
            c = d[c][p[(i + 1) % 8][digit]]
        }
        return inverse[c]
    }
}
