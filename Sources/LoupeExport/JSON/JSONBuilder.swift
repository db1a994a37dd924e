import Foundation

/// Appends JSON to a byte buffer directly. Foundation's `JSONEncoder` builds a tree of boxed
/// values per event and took over half of a 100 000-event export; the exporters write the known
/// shapes of events and HAR entries through this instead (tests check the output against
/// `JSONEncoder.loupe()` byte for byte).
struct JSONBuilder {
    var bytes: [UInt8] = []
    private var needsComma = false

    init(capacity: Int = 2048) {
        bytes.reserveCapacity(capacity)
    }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member name that needs no escaping; the value follows with one of the value methods.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name from data, escaped like any string.
    mutating func key(escaping name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func int<Integer: BinaryInteger>(_ value: Integer) {
        separate()
        if let value = Int64(exactly: value) {
            decimal(value)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    /// A number as Foundation writes it: whole values without a fraction; non-finite as null.
    mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            bytes.append(contentsOf: "null".utf8)
        } else if value == value.rounded(), abs(value) < 1e15 {
            decimal(Int64(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// An ISO-8601 UTC time with milliseconds, e.g. `2026-11-22T06:00:00.125Z`.
    mutating func date(_ date: Date) {
        // Truncated like Foundation's formatter; the 0.1 µs keeps a time read back from
        // `….123Z` (stored as a binary fraction just below it) at .123 rather than .122.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 1e-4).rounded(.down))
        var days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let inDay = milliseconds - days * 86_400_000
        // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        separate()
        bytes.append(UInt8(ascii: "\""))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(inDay / 3_600_000, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(inDay / 60_000 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(inDay / 1000 % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(inDay % 1000, 3)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
        needsComma = true
    }

    /// `value` in decimal, written digit by digit: `String(value)` allocated a string per number.
    private mutating func decimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var width = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            width += 1
        }
        digits(value.magnitude, width)
    }

    /// The last `width` decimal digits of `value`, with leading zeros.
    private mutating func digits<Value: BinaryInteger>(_ value: Value, _ width: Int) {
        var divisor: UInt64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = UInt64(value.magnitude)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
