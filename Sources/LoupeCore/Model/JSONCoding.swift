import Foundation

extension JSONEncoder {
    /// An encoder for Loupe's event JSON: RFC 3339 dates with milliseconds, sorted keys.
    public static func loupe(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(InternetTime(date).text)
        }
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// A decoder for Loupe's event JSON; accepts RFC 3339 dates with or without fractional seconds.
    public static func loupe() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = InternetTime.date(from: text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an RFC 3339 date with a year from 0000 to 9999, such as 2026-01-31T12:00:00.000Z, found \"\(text)\".")
        }
        return decoder
    }
}
