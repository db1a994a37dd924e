/// One suspected leak: which rule matched, where, and a masked preview that never contains the
/// whole secret.
///
/// JSON shape (for `loupe scan --format json`): `{"ruleId", "category", "line", "column",
/// "pointer", "offset", "length", "preview"}`, leaving out the location members that do not apply.
public struct Finding: Sendable, Hashable, Encodable {
    /// Where a finding is, in the terms of the scanned format.
    public enum Location: Sendable, Hashable, CustomStringConvertible {
        /// Plain text: 1-based line and column (the column counts Unicode scalars).
        case text(line: Int, column: Int)
        /// A JSON document (or HAR): the RFC 6901 pointer of the string or number holding the secret.
        case json(pointer: String)
        /// An NDJSON stream: the 1-based line of the record and the pointer inside it.
        case ndjson(line: Int, pointer: String)

        /// The 1-based line, when the location has one.
        public var line: Int? {
            switch self {
            case .text(let line, _), .ndjson(let line, _): line
            case .json: nil
            }
        }

        /// The 1-based column, for text locations.
        public var column: Int? {
            if case .text(_, let column) = self { return column }
            return nil
        }

        /// The JSON pointer, for JSON and NDJSON locations.
        public var pointer: String? {
            switch self {
            case .json(let pointer), .ndjson(_, let pointer): pointer
            case .text: nil
            }
        }

        /// `12:5`, `#/log/entries/0/request/url` or `3#/request/headers/0/value`: what follows the
        /// path in `path:…` output.
        public var description: String {
            switch self {
            case .text(let line, let column): "\(line):\(column)"
            case .json(let pointer): "#\(pointer)"
            case .ndjson(let line, let pointer): "\(line)#\(pointer)"
            }
        }
    }

    /// The rule id reported when a text could not be scanned because a pattern hit PCRE2's
    /// resource limits: the scanner fails closed rather than calling such text clean.
    public static let unscannableRuleID = "unscannable"

    /// The id of the rule that matched, or ``unscannableRuleID``.
    public var ruleID: String
    /// The rule's category (`token`, `credential`, `pii`, `financial`), or `unscannable`.
    public var category: String
    /// Where the secret is.
    public var location: Location
    /// UTF-8 byte offsets of the secret: into the scanned text or file for text locations, into
    /// the decoded string value for JSON locations.
    public var byteRange: Range<Int>
    /// A masked hint of the secret (see ``SecretPreview``), or for `unscannable` the reason.
    public var preview: String

    /// A finding; `preview` must already be masked.
    public init(ruleID: String, category: String, location: Location, byteRange: Range<Int>, preview: String) {
        self.ruleID = ruleID
        self.category = category
        self.location = location
        self.byteRange = byteRange
        self.preview = preview
    }

    private enum CodingKeys: String, CodingKey {
        case ruleID = "ruleId", category, line, column, pointer, offset, length, preview
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ruleID, forKey: .ruleID)
        try container.encode(category, forKey: .category)
        try container.encodeIfPresent(location.line, forKey: .line)
        try container.encodeIfPresent(location.column, forKey: .column)
        try container.encodeIfPresent(location.pointer, forKey: .pointer)
        try container.encode(byteRange.lowerBound, forKey: .offset)
        try container.encode(byteRange.count, forKey: .length)
        try container.encode(preview, forKey: .preview)
    }
}
