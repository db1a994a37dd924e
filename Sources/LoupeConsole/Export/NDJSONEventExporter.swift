import Foundation
import LoupeCore

/// Writes one event's JSON per line, the format `--open` reads back.
public struct NDJSONEventExporter: EventExporter {
    public let formatName = "NDJSON"
    public let fileExtensions = ["ndjson", "jsonl"]

    public init() {}

    public func export(_ events: [NetworkEvent], to url: URL) throws {
        let encoder = JSONEncoder.loupe()
        var data = Data()
        for event in events {
            data.append(try encoder.encode(event))
            data.append(UInt8(ascii: "\n"))
        }
        try AtomicFileWriter.write(data, to: url)
    }
}
