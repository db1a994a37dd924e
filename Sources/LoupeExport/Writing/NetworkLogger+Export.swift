import Foundation
import LoupeCore

extension NetworkLogger {
    /// Exports the stored events matching `filter` to `destination`, recording the log's
    /// eviction counters in the manifest. The file is written off the logger's actor, so ingest
    /// continues meanwhile; events recorded after the snapshot are not in the export.
    ///
    /// ```swift
    /// try await logger.export(to: URL(filePath: "debug.zip"),
    ///                         configuration: .init(format: .zip, source: .app))
    /// ```
    @discardableResult
    public nonisolated func export(to destination: URL, filter: EventFilter = .all,
                                   configuration: ExportWriter.Configuration) async throws(ExportError) -> ExportManifest {
        let stats = await stats
        let events = await snapshot(filter: filter)
        var configuration = configuration
        configuration.evictedEvents = stats.evictedEvents
        configuration.evictedBytes = stats.evictedBytes
        if configuration.filter == nil, !filter.matchesEverything { configuration.filter = filter.source }
        return try ExportWriter.export(events, to: destination, configuration: configuration)
    }
}
