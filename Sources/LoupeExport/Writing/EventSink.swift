import Foundation
import LoupeCore

/// One output file being written event by event.
protocol EventSink {
    var url: URL { get }
    func write(_ event: NetworkEvent) throws(ExportError)
    /// Writes the closing bytes and closes the file.
    func finish() throws(ExportError)
}

/// Encodes events and HAR entries; one encoder per export because creating one costs more than
/// encoding a small event.
struct ExportEncoders {
    let event = JSONEncoder.loupe()
    let har: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    func encode(_ value: some Encodable, with encoder: JSONEncoder, path: String) throws(ExportError) -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw ExportError(path: path, reason: "cannot encode an event (\(error)); this is a bug in Loupe")
        }
    }
}

/// `events.ndjson`: one event per line.
final class NDJSONSink: EventSink {
    private let output: BufferedFileOutput
    private let encoders: ExportEncoders
    var url: URL { output.url }

    init(url: URL, encoders: ExportEncoders) throws(ExportError) {
        output = try BufferedFileOutput(url: url)
        self.encoders = encoders
    }

    func write(_ event: NetworkEvent) throws(ExportError) {
        try output.append(encoders.encode(event, with: encoders.event, path: url.path))
        try output.append("\n")
    }

    func finish() throws(ExportError) { try output.finish() }
}

/// `events.json`: a JSON array with one event per line, so readers can stream it line by line
/// while it stays one valid JSON document.
final class JSONArraySink: EventSink {
    private let output: BufferedFileOutput
    private let encoders: ExportEncoders
    private var isFirst = true
    var url: URL { output.url }

    init(url: URL, encoders: ExportEncoders) throws(ExportError) {
        output = try BufferedFileOutput(url: url)
        self.encoders = encoders
        try output.append("[\n")
    }

    func write(_ event: NetworkEvent) throws(ExportError) {
        if !isFirst { try output.append(",\n") }
        isFirst = false
        try output.append(encoders.encode(event, with: encoders.event, path: url.path))
    }

    func finish() throws(ExportError) {
        try output.append(isFirst ? "]\n" : "\n]\n")
        try output.finish()
    }
}

/// A HAR 1.2 file, entries one per line between a fixed head and tail.
final class HARSink: EventSink {
    private let output: BufferedFileOutput
    private let encoders: ExportEncoders
    private var isFirst = true
    var url: URL { output.url }

    init(url: URL, encoders: ExportEncoders) throws(ExportError) {
        output = try BufferedFileOutput(url: url)
        self.encoders = encoders
        // A fixed head (the encoder's key order is not guaranteed) that readers recognise as Loupe's
        // one-entry-per-line layout.
        try output.append(Self.head.utf8)
    }

    func write(_ event: NetworkEvent) throws(ExportError) {
        try output.append(isFirst ? "\n" : ",\n")
        isFirst = false
        try output.append(encoders.encode(HAREntry(event), with: encoders.har, path: url.path))
    }

    /// The first line of a Loupe HAR; the version is plain ASCII without quotes.
    static let head = #"{"log":{"version":"1.2","creator":{"name":"loupe","version":"\#(Loupe.version)"},"pages":[],"entries":["#

    func finish() throws(ExportError) {
        try output.append("\n]}}\n")
        try output.finish()
    }
}
