import Foundation

/// The layouts ``EventFileReader`` reads; a JSON array of events is `events.json` outside a bundle.
enum InputKind {
    case zip, har, ndjson, jsonArray

    init(_ format: ExportFormat) {
        switch format {
        case .zip: self = .zip
        case .har: self = .har
        case .ndjson: self = .ndjson
        }
    }

    /// The kind by extension, else by the first bytes: `PK` is a zip, `[` an array, `{"log"` a HAR,
    /// another `{` NDJSON.
    init(sniffing url: URL) throws(ExportError) {
        if let format = ExportFormat(path: url.path) {
            self.init(format)
            return
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw ExportError(path: url.path, reason: "cannot open the file; check the path and permissions")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        let text = String(decoding: head, as: UTF8.self).drop { $0.isWhitespace }
        if head.starts(with: [0x50, 0x4B]) {
            self = .zip
        } else if text.hasPrefix("[") {
            self = .jsonArray
        } else if text.hasPrefix("{"), text.dropFirst().drop(while: { $0.isWhitespace }).hasPrefix("\"log\"") {
            self = .har
        } else if text.hasPrefix("{") {
            self = .ndjson
        } else {
            throw ExportError(path: url.path, reason: "not a Loupe export or HAR file (expected a zip archive, "
                                  + "JSON or NDJSON); give the format with --format")
        }
    }
}
