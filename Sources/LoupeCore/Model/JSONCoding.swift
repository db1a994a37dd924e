import Foundation

extension JSONEncoder {
    /// An encoder for Loupe's event JSON: ISO-8601 dates with milliseconds, sorted keys.
    public static func loupe(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(LoupeDateFormat.withFractionalSeconds))
        }
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// A decoder for Loupe's event JSON; accepts ISO-8601 dates with or without fractional seconds.
    public static func loupe() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? LoupeDateFormat.withFractionalSeconds.parse(text) { return date }
            if let date = try? LoupeDateFormat.wholeSeconds.parse(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an ISO-8601 date such as 2026-01-31T12:00:00.000Z, found \"\(text)\".")
        }
        return decoder
    }
}

/// The two ISO-8601 forms Loupe reads; it writes the first.
enum LoupeDateFormat {
    static let withFractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let wholeSeconds = Date.ISO8601FormatStyle()
}
