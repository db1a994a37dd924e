/// The Luhn (mod 10) checksum used by payment card numbers.
///
/// ```swift
/// Luhn.isValid("4111 1111 1111 1111")  // true
/// Luhn.isValid("4111 1111 1111 1112")  // false
/// ```
public enum Luhn {
    /// Card numbers have 12 to 19 digits (ISO/IEC 7812); shorter digit runs are too common in
    /// ordinary text (order numbers, timestamps) for a checksum alone to mean anything.
    public static let digitCountRange = 12...19

    /// Whether `text` is 12–19 digits, optionally grouped with spaces or dashes, whose Luhn
    /// checksum is 0. Any other character makes it invalid.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        var digits: [UInt8] = []
        digits.reserveCapacity(19)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte - UInt8(ascii: "0"))
                // Stop early on absurdly long inputs rather than collecting them.
                if digits.count > digitCountRange.upperBound { return false }
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        guard digitCountRange.contains(digits.count) else { return false }
        return checksum(of: digits) == 0
    }

    /// The Luhn sum modulo 10 of `digits` (values 0–9, most significant first); 0 means valid.
    static func checksum(of digits: [UInt8]) -> Int {
        var sum = 0
        // Double every second digit counting from the rightmost (the check digit is not doubled).
        for (offset, digit) in digits.reversed().enumerated() {
            var value = Int(digit)
            if offset % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10
    }
}
