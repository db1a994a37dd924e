/// The outcome of scanning a set of files: every finding with its path, the file counts, and
/// the inputs that could not be read. `loupe scan --format json` prints it as JSON:
/// `{"findings": [{"path", "ruleId", …}], "errors": [{"path", "reason"}], "ruleSet",
/// "summary": {"findings", "filesWithFindings", "filesScanned", "filesSkipped"}}`.
public struct ScanReport: Sendable, Encodable {
    /// A finding in a named file (or archive entry, written `archive.zip!/entry.json`).
    public struct Entry: Sendable, Hashable, Encodable, CustomStringConvertible {
        /// The file, or `archive.zip!/entry`, as named to the scanner.
        public var path: String
        public var finding: Finding

        /// `finding` in the file or entry named `path`.
        public init(path: String, finding: Finding) {
            self.path = path
            self.finding = finding
        }

        /// `path:12:5`, `path#/log/entries/0/request/url` or `path:3#/request/headers/0/value`.
        public var location: String {
            if case .json = finding.location { return path + finding.location.description }
            return "\(path):\(finding.location)"
        }

        /// `location: rule-id (category) preview`: one line of `loupe scan` text output.
        public var description: String {
            "\(location): \(finding.ruleID) (\(finding.category)) \(finding.preview)"
        }

        private enum CodingKeys: String, CodingKey { case path }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try finding.encode(to: encoder)
        }
    }

    /// Every finding, in scan order.
    public var findings: [Entry]
    /// Inputs that could not be read or listed.
    public var errors: [ScanError]
    /// Files (and archive entries) that were scanned.
    public var filesScanned: Int
    /// Files (and archive entries) that were skipped as binary.
    public var filesSkipped: Int
    /// The ``RuleSet/id`` of the rules used.
    public var ruleSetID: String

    /// A report; counts usually start at zero and grow as a scan proceeds.
    public init(findings: [Entry] = [], errors: [ScanError] = [], filesScanned: Int = 0, filesSkipped: Int = 0,
                ruleSetID: String) {
        self.findings = findings
        self.errors = errors
        self.filesScanned = filesScanned
        self.filesSkipped = filesSkipped
        self.ruleSetID = ruleSetID
    }

    /// How many distinct paths have at least one finding.
    public var filesWithFindings: Int { Set(findings.map(\.path)).count }

    /// `3 findings in 2 files (10 files scanned, 1 skipped)`.
    public var summary: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(plural(findings.count, "finding")) in \(plural(filesWithFindings, "file")) "
            + "(\(plural(filesScanned, "file")) scanned, \(filesSkipped) skipped)"
    }

    private enum CodingKeys: String, CodingKey { case findings, errors, ruleSet, summary }
    private enum SummaryKeys: String, CodingKey { case findings, filesWithFindings, filesScanned, filesSkipped }
    private enum ErrorKeys: String, CodingKey { case path, reason }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(findings, forKey: .findings)
        var errorList = container.nestedUnkeyedContainer(forKey: .errors)
        for error in errors {
            var item = errorList.nestedContainer(keyedBy: ErrorKeys.self)
            try item.encode(error.path, forKey: .path)
            try item.encode(error.reason, forKey: .reason)
        }
        try container.encode(ruleSetID, forKey: .ruleSet)
        var summary = container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try summary.encode(findings.count, forKey: .findings)
        try summary.encode(filesWithFindings, forKey: .filesWithFindings)
        try summary.encode(filesScanned, forKey: .filesScanned)
        try summary.encode(filesSkipped, forKey: .filesSkipped)
    }
}
