import Foundation

/// HAR's ISO-8601 times: written with milliseconds in UTC; read with or without fractional
/// seconds and with any offset (Firefox and Charles write local time with an offset).
enum HARDate {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()

    static func string(from date: Date) -> String {
        var builder = JSONBuilder(capacity: 32)
        builder.date(date)
        return String(decoding: builder.bytes.dropFirst().dropLast(), as: UTF8.self)  // without the quotes
    }

    static func date(from text: String) -> Date? {
        if let date = try? withFraction.parse(text) { return date }
        if let date = try? whole.parse(text) { return date }
        // Fractions longer than milliseconds (`.123456+01:00`) or offsets the styles refuse.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
