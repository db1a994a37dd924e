import Foundation

/// `manifest.json` of a zip bundle: what was exported, from where, with which rules, and what the
/// verification pass found. Also returned by ``ExportWriter/finish()`` for every format.
public struct ExportManifest: Codable, Sendable, Hashable {
    /// Where the exported events were captured.
    public enum Source: String, Codable, Sendable, Hashable, CaseIterable {
        /// Loupe's forwarding or reverse proxy.
        case proxy
        /// An app embedding a `NetworkLogger`.
        case app
        /// Converted from another file.
        case file
    }

    /// The rule set that sanitized the export.
    public struct RuleSetIdentity: Codable, Sendable, Hashable {
        /// A short display name such as `default@1a2b3c4d`.
        public var id: String
        /// Lower-case hex SHA-256 over the rule files.
        public var sha256: String

        public init(id: String, sha256: String) {
            self.id = id
            self.sha256 = sha256
        }
    }

    /// What the verification pass found: values that the capture-time redactor missed and that
    /// were redacted while writing.
    public struct Verification: Codable, Sendable, Hashable {
        /// Whether every string was scanned before the file was finalized (always true for files
        /// Loupe writes; kept so readers can tell).
        public var scanned: Bool
        /// How many values the verification pass redacted, over all rules.
        public var lateRedactions: Int
        /// The same, by rule id.
        public var lateRedactionsByRule: [String: Int]

        public init(scanned: Bool = true, lateRedactions: Int = 0, lateRedactionsByRule: [String: Int] = [:]) {
            self.scanned = scanned
            self.lateRedactions = lateRedactions
            self.lateRedactionsByRule = lateRedactionsByRule
        }
    }

    /// The bundle layout version; readers reject a newer major version.
    public var formatVersion: Int
    /// `Loupe.version` of the writer.
    public var toolVersion: String
    public var createdAt: Date
    public var source: Source
    /// The filter expression the events were selected with; nil when everything was exported.
    public var filter: String?
    public var eventCount: Int
    /// Events the log had evicted before the export (they are not in it).
    public var evictedEvents: Int
    public var evictedBytes: Int
    public var ruleSet: RuleSetIdentity
    /// Redactions per rule id over the exported events, including the verification pass.
    public var redactions: [String: Int]
    public var verification: Verification

    /// The version written by this build.
    public static let currentFormatVersion = 1

    public init(formatVersion: Int = ExportManifest.currentFormatVersion, toolVersion: String, createdAt: Date,
                source: Source, filter: String?, eventCount: Int, evictedEvents: Int, evictedBytes: Int,
                ruleSet: RuleSetIdentity, redactions: [String: Int], verification: Verification) {
        self.formatVersion = formatVersion
        self.toolVersion = toolVersion
        self.createdAt = createdAt
        self.source = source
        self.filter = filter
        self.eventCount = eventCount
        self.evictedEvents = evictedEvents
        self.evictedBytes = evictedBytes
        self.ruleSet = ruleSet
        self.redactions = redactions
        self.verification = verification
    }
}
