import Foundation
import LoupeCore

/// How ``Console/run(source:options:)`` behaves.
public struct ConsoleOptions: Sendable {
    /// A filter applied from the start, as if typed with `/`.
    public var initialFilter: String?
    /// The id of the redaction rule set, shown in the status bar when known.
    public var ruleSetID: String?
    /// Whether to use colours; false draws with bold, dim and reverse only (`NO_COLOR`).
    public var colors: Bool
    /// How `x` writes the view (format from the path's extension, verified with its rules).
    public var exporter: ViewExporter
    /// How times are shown.
    public var format: EventFormat

    /// Options; colours default to on unless `NO_COLOR` is set to something non-empty.
    public init(initialFilter: String? = nil, ruleSetID: String? = nil, colors: Bool = ConsoleOptions.colorsAllowed,
                exporter: ViewExporter = ViewExporter(), format: EventFormat = EventFormat()) {
        self.initialFilter = initialFilter
        self.ruleSetID = ruleSetID
        self.colors = colors
        self.exporter = exporter
        self.format = format
    }

    /// False when the `NO_COLOR` environment variable is set and not empty.
    public static var colorsAllowed: Bool {
        guard let value = getenv("NO_COLOR") else { return true }
        return String(cString: value).isEmpty
    }
}
