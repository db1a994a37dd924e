import Foundation
import LoupeCore

/// Writes the console's current view to a file when `x` is pressed. NDJSON is built in; other
/// formats (zip bundle, HAR) plug in by conforming and being listed in ``EventExporters``.
public protocol EventExporter: Sendable {
    /// A short name for messages, e.g. `NDJSON`.
    var formatName: String { get }
    /// The file extensions (lower case, no dot) this exporter is chosen for.
    var fileExtensions: [String] { get }
    /// Writes `events` to `url`, replacing it atomically, readable only by the owner.
    func export(_ events: [NetworkEvent], to url: URL) throws
}

/// The exporters `x` chooses from by the path's extension; the first is the default.
public struct EventExporters: Sendable {
    public var exporters: [any EventExporter]

    /// Exporters in order of preference; ``NDJSONEventExporter`` by default.
    public init(_ exporters: [any EventExporter] = [NDJSONEventExporter()]) {
        self.exporters = exporters
    }

    /// The exporter for `url`'s extension, or the first one.
    public func exporter(for url: URL) -> (any EventExporter)? {
        let ext = url.pathExtension.lowercased()
        return exporters.first { $0.fileExtensions.contains(ext) } ?? exporters.first
    }
}
