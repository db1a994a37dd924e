import Foundation
import LoupeExport

extension EventListSource {
    /// The events of a saved file — a Loupe zip bundle, a HAR (Loupe's or a browser's) or NDJSON —
    /// read through `reader`, which redacts every event before the console sees it. The file's
    /// name is the label.
    ///
    /// - Throws: ``ExportError`` naming the file and the position of the problem.
    public init(contentsOf url: URL, reader: EventFileReader) throws(ExportError) {
        let log = try reader.readAll(contentsOf: url)
        self.init(label: url.lastPathComponent, events: log.events)
    }
}
