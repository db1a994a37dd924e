import Foundation
import LoupeCore

/// One output file written event by event: one record per line between a fixed head and tail, so
/// readers can stream Loupe's files line by line while each stays one valid document.
final class EventSink {
    /// The bytes around and between the records of one file format.
    struct Layout {
        var head: String
        var separator: String
        var tail: String
        /// The tail when no record was written.
        var emptyTail: String

        /// `events.ndjson`: one event per line.
        static let ndjson = Layout(head: "", separator: "\n", tail: "\n", emptyTail: "")
        /// `events.json`: a JSON array.
        static let jsonArray = Layout(head: "[\n", separator: ",\n", tail: "\n]\n", emptyTail: "]\n")
        /// HAR 1.2 with a fixed head line (the encoder's key order is not guaranteed) that readers
        /// recognise as Loupe's layout; the version is plain ASCII without quotes.
        static let har = Layout(
            head: #"{"log":{"version":"1.2","creator":{"name":"loupe","version":"\#(Loupe.version)"},"pages":[],"entries":["# + "\n",
            separator: ",\n", tail: "\n]}}\n", emptyTail: "]}}\n")
    }

    private let output: BufferedFileOutput
    private let layout: Layout
    private let encode: (NetworkEvent, inout JSONBuilder) -> Void
    /// Reused for every record, so encoding allocates nothing once it has grown.
    private var builder = JSONBuilder()
    private var isFirst = true
    var url: URL { output.url }

    init(url: URL, layout: Layout, encode: @escaping (NetworkEvent, inout JSONBuilder) -> Void) throws(ExportError) {
        output = try BufferedFileOutput(url: url)
        self.layout = layout
        self.encode = encode
        try output.append(layout.head.utf8)
    }

    /// A sink writing Loupe events in the NDJSON or JSON-array layout.
    static func events(url: URL, layout: Layout) throws(ExportError) -> EventSink {
        try EventSink(url: url, layout: layout) { event, builder in builder.event(event) }
    }

    /// A sink writing a HAR 1.2 file.
    static func har(url: URL) throws(ExportError) -> EventSink {
        try EventSink(url: url, layout: .har) { event, builder in builder.harEntry(HAREntry(event)) }
    }

    func write(_ event: NetworkEvent) throws(ExportError) {
        if !isFirst { try output.append(layout.separator.utf8) }
        isFirst = false
        builder.reset()
        encode(event, &builder)
        try output.append(builder.bytes)
    }

    /// Writes the tail and closes the file.
    func finish() throws(ExportError) {
        try output.append((isFirst ? layout.emptyTail : layout.tail).utf8)
        try output.finish()
    }
}
