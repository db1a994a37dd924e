import Foundation
import LoupeCore

/// Reads newline-delimited JSON: one ``NetworkEvent`` per line, as Loupe exports them; blank
/// lines are skipped. Accepts any file whose first non-blank byte is `{`.
public struct NDJSONEventReader: EventFileReader {
    public let formatName = "NDJSON"

    public init() {}

    public func canRead(_ url: URL, prefix: Data) -> Bool {
        let ext = url.pathExtension.lowercased()
        if ext == "ndjson" || ext == "jsonl" { return true }
        return prefix.first(where: { !Self.isBlank($0) }) == UInt8(ascii: "{")
    }

    public func readEvents(from url: URL) throws -> [NetworkEvent] {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw EventFileError(path: url.path, line: nil,
                                 reason: "it cannot be read (\(EventFileReaders.describe(error))).")
        }
        return try Self.decode(data, path: url.path)
    }

    /// Decodes NDJSON `data`; `path` names the source in errors.
    public static func decode(_ data: Data, path: String) throws -> [NetworkEvent] {
        let decoder = JSONDecoder.loupe()
        var events: [NetworkEvent] = []
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            lineNumber += 1
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            let line = data[start..<end]
            start = end < data.endIndex ? data.index(after: end) : end
            guard line.contains(where: { !isBlank($0) }) else { continue }
            do {
                events.append(try decoder.decode(NetworkEvent.self, from: line))
            } catch {
                throw EventFileError(path: path, line: lineNumber,
                                     reason: "this line is not a Loupe event (\(reason(error))); each line must be one event's JSON.")
            }
        }
        return events
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Where decoding failed, without quoting the line (it may hold data).
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)) is invalid"
        @unknown default:
            return "not valid"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        "\"" + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "\""
    }
}
