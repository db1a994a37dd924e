import Foundation

/// Writes a ``ScanReport`` as SARIF 2.1.0, the format code-scanning services (GitHub, GitLab,
/// Azure DevOps) read: one run of the tool `loupe`, every rule as a reporting descriptor, every
/// finding as an `error` result whose message holds the masked preview, never the secret.
///
/// Text findings have a `region` with `startLine` and `startColumn` (columns count Unicode code
/// points, declared by `columnKind`). JSON findings carry their pointer as a logical location
/// and in `properties.jsonPointer`; NDJSON findings have both a `startLine` and a pointer.
/// Unreadable inputs become `toolExecutionNotifications` and `executionSuccessful: false`.
public enum SARIFWriter {
    /// The `$schema` of the document.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The SARIF version written.
    public static let version = "2.1.0"

    /// The SARIF document for `report`, listing the pattern rules of `ruleSet` and the scanner's
    /// own finding kinds as rules.
    public static func data(for report: ScanReport, ruleSet: RuleSet, toolVersion: String) throws -> Data {
        var rules = ruleSet.rules.map {
            Rule(id: $0.id, shortDescription: .init(text: $0.description.isEmpty ? $0.id : $0.description),
                 properties: .init(category: $0.category.rawValue))
        }
        rules += LeakScanner.builtInFindingKinds.filter { kind in !rules.contains { $0.id == kind.id } }.map {
            Rule(id: $0.id, shortDescription: .init(text: $0.description), properties: .init(category: $0.category))
        }
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }

        let results = report.findings.map { entry in
            let finding = entry.finding
            var region: Region?
            if let line = finding.location.line {
                region = Region(startLine: line, startColumn: finding.location.column)
            }
            let pointer = finding.location.pointer
            let location = Location(
                physicalLocation: .init(artifactLocation: .init(uri: uri(for: entry.path)), region: region),
                logicalLocations: pointer.map { [.init(fullyQualifiedName: $0, kind: "element")] },
                properties: pointer.map { .init(jsonPointer: $0) })
            return Result(ruleId: finding.ruleID, ruleIndex: ruleIndex[finding.ruleID], level: "error",
                          message: .init(text: message(for: finding)), locations: [location])
        }

        let notifications = report.errors.map {
            Notification(level: "error", message: .init(text: $0.description))
        }
        let document = Document(
            schema: schemaURI, version: version,
            runs: [Run(
                tool: .init(driver: .init(name: "loupe", version: toolVersion, rules: rules)),
                invocations: [.init(executionSuccessful: report.errors.isEmpty,
                                    toolExecutionNotifications: notifications.isEmpty ? nil : notifications)],
                columnKind: "unicodeCodePoints",
                properties: .init(ruleSet: report.ruleSetID, filesScanned: report.filesScanned,
                                  filesSkipped: report.filesSkipped),
                results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    /// `Possible leak of aws-access-key-id (token): AKIA…(20 chars)`.
    static func message(for finding: Finding) -> String {
        if finding.ruleID == Finding.unscannableRuleID {
            return "Could not scan this text completely: \(finding.preview)"
        }
        return "Possible leak of \(finding.ruleID) (\(finding.category)): \(finding.preview)"
    }

    /// A URI reference for a display path: relative paths stay relative, absolute ones become
    /// `file://` URIs; characters outside a URI path are percent-encoded.
    static func uri(for path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    // MARK: Document shape (SARIF 2.1.0 §3)

    private struct Document: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var columnKind: String
        var properties: RunProperties
        var results: [Result]
    }

    private struct RunProperties: Encodable {
        var ruleSet: String
        var filesScanned: Int
        var filesSkipped: Int
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    private struct Rule: Encodable {
        var id: String
        var shortDescription: Text
        var properties: RuleProperties
    }

    private struct RuleProperties: Encodable {
        var category: String
    }

    private struct Text: Encodable {
        var text: String
    }

    private struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]?
    }

    private struct Notification: Encodable {
        var level: String
        var message: Text
    }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
    }

    private struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
        var properties: LocationProperties?
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
    }

    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    private struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind: String
    }

    private struct LocationProperties: Encodable {
        var jsonPointer: String
    }
}
