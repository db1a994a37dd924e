/// How the leak scanner reads an input.
public enum ScanFormat: String, Sendable, Hashable, CaseIterable {
    /// Lines of text; findings by line and column.
    case text
    /// One JSON document (HAR included); findings by JSON pointer.
    case json
    /// One JSON document per line; findings by line and JSON pointer.
    case ndjson

    /// The format for a file name: `.json` and `.har` are JSON, `.ndjson` and `.jsonl` are NDJSON,
    /// anything else is text.
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .text
            return
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "json", "har": self = .json
        case "ndjson", "jsonl": self = .ndjson
        default: self = .text
        }
    }
}
