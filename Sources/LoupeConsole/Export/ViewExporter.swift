import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction

/// Writes the console's current (filtered) view when `x` is pressed, through LoupeExport's
/// ``ExportWriter``: atomically, mode 0600, every string re-scanned by the verification pass.
///
/// ```swift
/// let manifest = try ViewExporter(ruleSet: .builtIn).export(model.visibleEvents, to: URL(filePath: "view.har"))
/// ```
public struct ViewExporter: Sendable {
    /// The rules of the verification pass, recorded in the manifest.
    public var ruleSet: RuleSet
    /// What the manifest records as the events' origin.
    public var source: ExportManifest.Source

    /// An exporter verifying with `ruleSet`; `source` is `.file` for an opened file.
    public init(ruleSet: RuleSet = .builtIn, source: ExportManifest.Source = .file) {
        self.ruleSet = ruleSet
        self.source = source
    }

    /// The format `url` is written in: its extension's (`.zip`, `.har`, `.ndjson`/`.jsonl`),
    /// else a zip bundle.
    public static func format(for url: URL) -> ExportFormat {
        ExportFormat(path: url.path) ?? .zip
    }

    /// Writes `events` to `url` in the format its extension names.
    ///
    /// - Parameters:
    ///   - filter: The filter the view shows, recorded in the manifest; nil or empty for everything.
    ///   - evictedEvents: How many events the source had evicted, recorded in the manifest.
    /// - Returns: The manifest (inside the file for a zip bundle).
    /// - Throws: ``ExportError`` naming the file and the reason; nothing is left at `url` then.
    @discardableResult
    public func export(_ events: [NetworkEvent], to url: URL, filter: String? = nil,
                       evictedEvents: Int = 0) throws(ExportError) -> ExportManifest {
        let configuration = ExportWriter.Configuration(
            format: Self.format(for: url), source: source, filter: filter.flatMap { $0.isEmpty ? nil : $0 },
            ruleSet: ruleSet, evictedEvents: evictedEvents)
        return try ExportWriter.export(events, to: url, configuration: configuration)
    }
}
