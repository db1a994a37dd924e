import Foundation

/// An RFC 3339 time (the ISO-8601 profile that JSON exports and HAR use), read and written with
/// the same proleptic Gregorian calendar.
///
/// Foundation's ISO-8601 styles switch to the Julian calendar before 15 October 1582, so a time
/// written by Loupe's fast export writer and read back by Foundation came back days off, and
/// years before 1 or after 9999 did not read back at all. Loupe writes every time as
/// `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC, keeps years within RFC 3339's 0000–9999 (a time outside
/// is written as the nearest end), and reads the forms other tools write: with or without a
/// fraction of any length, `Z` or a `±HH:MM` offset (Firefox and Charles write local time).
public struct InternetTime: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Milliseconds since midnight UTC.
    public var millisecondOfDay: Int

    /// The earliest and latest times that can be written: 0000-01-01 and 9999-12-31.
    private static let earliestMilliseconds = Int64(daysSince1970(year: 0, month: 1, day: 1)) * 86_400_000
    private static let latestMilliseconds = Int64(daysSince1970(year: 10_000, month: 1, day: 1)) * 86_400_000 - 1

    /// `date` to the nearest millisecond, in UTC.
    public init(_ date: Date) {
        // Rounded, not truncated: a time read from `….123Z` is stored as the nearest binary
        // fraction, which may be just below it, and further from 1970 the further below.
        let exact = (date.timeIntervalSince1970 * 1000).rounded()
        let milliseconds = exact.isNaN ? 0 : Int64(max(Double(Self.earliestMilliseconds), min(Double(Self.latestMilliseconds), exact)))
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        millisecondOfDay = Int(milliseconds - days * 86_400_000)
        (year, month, day) = Self.civilDate(daysSince1970: Int(days))
    }

    /// The time as Loupe writes it, e.g. `2026-11-22T06:00:00.125Z`.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``text`` byte by byte (the export writer builds its JSON without strings).
    @inline(__always)
    public func write(_ put: (UInt8) -> Void) {
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        put(UInt8(ascii: "-"))
        digits(month, 2)
        put(UInt8(ascii: "-"))
        digits(day, 2)
        put(UInt8(ascii: "T"))
        digits(millisecondOfDay / 3_600_000, 2)
        put(UInt8(ascii: ":"))
        digits(millisecondOfDay / 60_000 % 60, 2)
        put(UInt8(ascii: ":"))
        digits(millisecondOfDay / 1000 % 60, 2)
        put(UInt8(ascii: "."))
        digits(millisecondOfDay % 1000, 3)
        put(UInt8(ascii: "Z"))
    }

    /// Reads an RFC 3339 time: `2026-11-22T06:00:00Z`, `….125Z`, `….123456+01:00`, with `t`, `z` or
    /// a space accepted as well. Nil for anything else, including impossible dates such as
    /// February 30 and years outside 0000–9999.
    public static func date(from text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"),
              let month = reader.number(2), reader.skip("-"),
              let day = reader.number(2), (1...12).contains(month),
              (1...daysIn(month: month, year: year)).contains(day),
              reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.number(2), hour < 24, reader.skip(":"),
              let minute = reader.number(2), minute < 60, reader.skip(":"),
              let second = reader.number(2), second <= 60  // 60: a leap second
        else { return nil }
        // Whole seconds plus the fraction, counted from 2001 as `Date` stores them, so that a time
        // read back is the very Double that was written.
        var milliseconds = 0
        var finer = 0.0
        if reader.skip(".") {
            let digits = reader.digits()
            guard !digits.isEmpty else { return nil }
            for index in 0..<3 { milliseconds = milliseconds * 10 + (index < digits.count ? digits[index] : 0) }
            var scale = 0.1
            for digit in digits.dropFirst(3).prefix(6) {
                finer += Double(digit) * scale
                scale /= 10
            }
        }
        var offsetSeconds = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let hours = reader.number(2), hours < 24 else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(2), minutes < 60 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + (Double(milliseconds) + finer) / 1000)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (`civil_from_days`).
    private static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let days = daysSince1970 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A cursor over the bytes of a time.
    private struct Reader {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `width` decimal digits.
        mutating func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }

        /// The run of decimal digits here, as values 0–9.
        mutating func digits() -> [Int] {
            var values: [Int] = []
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                values.append(Int(bytes[index] - UInt8(ascii: "0")))
                index += 1
            }
            return values
        }
    }
}
