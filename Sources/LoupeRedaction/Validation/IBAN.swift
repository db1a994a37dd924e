/// The ISO 13616 International Bank Account Number check: country code, two check digits and a
/// country-specific BBAN whose whole passes the mod-97 test.
///
/// ```swift
/// IBAN.isValid("GB82 WEST 1234 5698 7654 32")  // true
/// IBAN.isValid("GB83 WEST 1234 5698 7654 32")  // false
/// ```
public enum IBAN {
    /// IBAN lengths (including country code and check digits) of the SEPA countries and a few
    /// other common ones, from the SWIFT IBAN registry. Countries not listed fall back to
    /// ``genericLengthRange``.
    public static let lengthByCountry: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
        "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FO": 18,
        "FR": 27, "GB": 22, "GI": 23, "GL": 18, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IL": 23,
        "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22,
        "MK": 19, "MT": 31, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PT": 25, "RO": 24, "RS": 22,
        "SA": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "UA": 29, "VA": 22, "XK": 20,
    ]

    /// The lengths any IBAN can have, used for countries missing from ``lengthByCountry``.
    public static let genericLengthRange = 15...34

    /// Whether `text` is a valid IBAN: letters (either case) and digits, optionally grouped with
    /// spaces, of the right length for its country, whose mod-97 remainder is 1.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        var characters: [UInt8] = []
        characters.reserveCapacity(34)
        for byte in text.utf8 where byte != UInt8(ascii: " ") {
            guard let upper = uppercasedAlphanumeric(byte) else { return false }
            characters.append(upper)
            if characters.count > genericLengthRange.upperBound { return false }
        }
        guard characters.count >= 4,
              characters[0].isASCIILetter, characters[1].isASCIILetter,
              characters[2].isASCIIDigit, characters[3].isASCIIDigit
        else { return false }

        let length = lengthByCountryCode[Int(characters[0] - UInt8(ascii: "A")) * 26 + Int(characters[1] - UInt8(ascii: "A"))]
        if length > 0 {
            guard characters.count == length else { return false }
        } else {
            guard genericLengthRange.contains(characters.count) else { return false }
        }
        return remainder(ofRearranged: characters) == 1
    }

    /// Moves the first four characters to the end, maps letters to 10…35 and returns the number
    /// modulo 97, computed digit by digit so it never overflows.
    static func remainder(ofRearranged characters: [UInt8]) -> Int {
        var remainder = 0
        func append(_ byte: UInt8) {
            if byte.isASCIIDigit {
                remainder = (remainder * 10 + Int(byte - UInt8(ascii: "0"))) % 97
            } else {
                // A letter stands for two digits, A = 10 … Z = 35.
                remainder = (remainder * 100 + Int(byte - UInt8(ascii: "A")) + 10) % 97
            }
        }
        // The first four characters go last, read in place rather than from a rearranged copy.
        for byte in characters[4...] { append(byte) }
        for byte in characters[..<4] { append(byte) }
        return remainder
    }

    /// ``lengthByCountry`` indexed by the two capitals' offsets from `A`, `26 * first + second`
    /// (0 for countries not listed): every IBAN-shaped match is checked, and this spares building
    /// and hashing a country string for each.
    private static let lengthByCountryCode: [Int] = {
        var lengths = [Int](repeating: 0, count: 26 * 26)
        for (country, length) in lengthByCountry {
            let letters = Array(country.utf8)
            lengths[Int(letters[0] - UInt8(ascii: "A")) * 26 + Int(letters[1] - UInt8(ascii: "A"))] = length
        }
        return lengths
    }()

    private static func uppercasedAlphanumeric(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"): byte
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 32
        default: nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isASCIILetter: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
}
