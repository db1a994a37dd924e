/// Reading and writing the numbers of `status:`, `dur:` and `size:` values.
enum FilterNumber {
    /// Splits `1.5mb` into 1.5 and `mb` (unit lower-cased). The number is digits with an optional
    /// fraction; signs, exponents and a bare `.5` are rejected.
    static func split(_ text: Substring) -> (Double, String)? {
        var end = text.startIndex
        var sawDot = false
        var digitsAfterDot = 0
        while end < text.endIndex {
            let character = text[end]
            if character.isASCII, character.isNumber {
                if sawDot { digitsAfterDot += 1 }
            } else if character == ".", !sawDot, end > text.startIndex {
                sawDot = true
            } else {
                break
            }
            end = text.index(after: end)
        }
        guard end > text.startIndex, !sawDot || digitsAfterDot > 0,
              let number = Double(text[..<end]) else { return nil }
        return (number, text[end...].lowercased())
    }

    /// A duration in milliseconds: units `us`, `ms`, `s`, `m`; a bare number is milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        guard let (number, unit) = split(text) else { return nil }
        switch unit {
        case "us": return number / 1000
        case "", "ms": return number
        case "s": return number * 1000
        case "m": return number * 60_000
        default: return nil
        }
    }

    /// A size in bytes: units `b`, `kb`, `mb`, `gb` (1024-based); a bare number is bytes.
    static func bytes(_ text: Substring) -> Double? {
        guard let (number, unit) = split(text) else { return nil }
        switch unit {
        case "", "b": return number
        case "kb": return number * 1024
        case "mb": return number * 1024 * 1024
        case "gb": return number * 1024 * 1024 * 1024
        default: return nil
        }
    }

    /// A status code, 0–999.
    static func status(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 3, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `5xx` for the range 500-599.
    static func statusClass(_ text: Substring) -> Int? {
        guard text.count == 3, text.dropFirst().lowercased() == "xx",
              let digit = text.first?.wholeNumberValue, (1...9).contains(digit), text.first?.isASCII == true
        else { return nil }
        return digit * 100
    }

    /// The largest unit that renders `milliseconds` exactly (`2s`, `1500ms`, `0.5ms`).
    static func renderDuration(_ milliseconds: Double) -> String {
        for (unit, scale) in [("m", 60_000.0), ("s", 1000.0)] {
            let count = milliseconds / scale
            if milliseconds > 0, count == count.rounded(), count * scale == milliseconds {
                return plain(count) + unit
            }
        }
        return plain(milliseconds) + "ms"
    }

    /// The largest 1024-based unit that renders `bytes` exactly (`10kb`, `1536kb`, `100b`).
    static func renderSize(_ bytes: Double) -> String {
        for (unit, scale) in [("gb", 1_073_741_824.0), ("mb", 1_048_576.0), ("kb", 1024.0)] {
            let count = bytes / scale
            if bytes > 0, count == count.rounded(), count * scale == bytes {
                return plain(count) + unit
            }
        }
        return plain(bytes) + "b"
    }

    /// A decimal without exponent that reads back as exactly `value` (Swift's shortest
    /// round-trip digits, with any `e±N` expanded because the filter grammar has no exponents).
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
              let exponent = Int(text[text.index(after: e)...]) else { return text }
        let mantissa = text[..<e]
        let digits = mantissa.filter { $0 != "." }
        let pointPosition = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
            ?? mantissa.count) + exponent
        if pointPosition <= 0 {
            return "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        if pointPosition >= digits.count {
            return digits + String(repeating: "0", count: pointPosition - digits.count)
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        return digits[..<split] + "." + digits[split...]
    }
}
