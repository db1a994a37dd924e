/// The file formats Loupe exports to and imports from.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// A zip bundle: `manifest.json`, `events.json` (Loupe's event shape) and `events.har`.
    case zip
    /// HTTP Archive 1.2, readable by browsers' developer tools and mitmproxy.
    case har
    /// One Loupe event per line.
    case ndjson

    /// The format a file name's extension implies (`.zip`, `.har`, `.ndjson` / `.jsonl`), or nil.
    ///
    /// ```swift
    /// ExportFormat(path: "debug-log.har")  // .har
    /// ```
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "zip": self = .zip
        case "har": self = .har
        case "ndjson", "jsonl": self = .ndjson
        default: return nil
        }
    }

    /// The MIME type a download of this format is served with.
    public var mediaType: String {
        switch self {
        case .zip: "application/zip"
        case .har: "application/json"
        case .ndjson: "application/x-ndjson"
        }
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}
