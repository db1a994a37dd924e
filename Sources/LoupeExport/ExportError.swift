/// Why an export or import failed: the file, where in it (when known), and a sentence saying what
/// was wrong and what to do. Never contains a value from the log itself.
///
/// ```swift
/// do { try EventFileReader(redactor: redactor).read(contentsOf: url) { _ in } }
/// catch { print(error) }   // "capture.har, line 12, column 3: expected ',' or '}' …"
/// ```
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file concerned, as the user named it.
    public var path: String
    /// Where in the file: `line 12`, `entry 4 (log.entries[3].request)`, `zip entry events.json`; nil when the whole file is concerned.
    public var position: String?
    /// What was wrong, as a sentence.
    public var reason: String

    public init(path: String, position: String? = nil, reason: String) {
        self.path = path
        self.position = position
        self.reason = reason
    }

    public var description: String {
        if let position { return "\(path), \(position): \(reason)" }
        return "\(path): \(reason)"
    }
}
