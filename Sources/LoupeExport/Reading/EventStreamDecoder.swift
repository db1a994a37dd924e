import Foundation
import LoupeCore

/// Decodes events from a byte stream, redacting each one: for reading files and HTTP bodies
/// (`/v1/export?format=ndjson`) chunk by chunk.
///
/// Loupe's own layouts (NDJSON; `events.json` and HAR with one record per line) are decoded a
/// line at a time. Any other layout of a JSON array or HAR document is collected and decoded whole
/// when the stream ends. Errors carry the position (line, entry) and an empty path for the
/// caller to fill in.
///
/// ```swift
/// var decoder = EventStreamDecoder(format: .ndjson, redactor: redactor)
/// for try await chunk in body { try decoder.feed(Data(buffer: chunk)) { events.append($0) } }
/// try decoder.finish { events.append($0) }
/// ```
public struct EventStreamDecoder {
    private enum Mode {
        /// Waiting for the first non-blank line, which decides the mode.
        case start
        /// One record per line; `closing` is the line that ends the document.
        case lines(closing: String?)
        /// A document in another layout, collected whole.
        case whole(Data)
        /// The closing line was seen; only blank lines may follow.
        case ended
    }

    let kind: InputKind
    let redactor: any EventRedactor
    private var mode: Mode
    private var splitter = LineSplitter()
    private let decoder = JSONDecoder.loupe()

    /// A decoder for a HAR or NDJSON stream (a zip bundle cannot be streamed: read it from a file).
    public init(format: ExportFormat, redactor: any EventRedactor) {
        precondition(format != .zip, "EventStreamDecoder reads HAR and NDJSON; use EventFileReader for zip bundles")
        self.init(kind: InputKind(format), redactor: redactor)
    }

    init(kind: InputKind, redactor: any EventRedactor) {
        self.kind = kind
        self.redactor = redactor
        mode = kind == .ndjson ? .lines(closing: nil) : .start
    }

    /// Feeds the next chunk of the stream, passing each complete event to `body`.
    public mutating func feed(_ chunk: Data, _ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) {
        if case .whole(var data) = mode {
            mode = .start  // release the buffer's reference so the append does not copy it
            data.append(chunk)
            mode = .whole(data)
            return
        }
        // The splitter is taken out while it calls back into `self`.
        var splitter = self.splitter
        defer { self.splitter = splitter }
        try splitter.feed(chunk) { number, line throws(ExportError) in try handle(line: line, number: number, body) }
        if case .whole(var data) = mode {
            // The chunk's tail after its last line feed belongs to the collected document, in
            // place; left in the splitter it would come last, after the chunks that follow.
            mode = .start
            data.append(contentsOf: splitter.takeRest())
            mode = .whole(data)
        }
    }

    /// Ends the stream, decoding a collected document; fails when the document was cut short.
    public mutating func finish(_ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) {
        var splitter = self.splitter
        defer { self.splitter = splitter }
        try splitter.finish { number, line throws(ExportError) in try handle(line: line, number: number, body) }
        switch mode {
        case .start:
            throw ExportError(path: "", reason: "the file is empty")
        case .lines(let closing):
            if let closing {
                throw ExportError(path: "", position: "line \(splitter.lineNumber)",
                                  reason: "the file ends before the closing \"\(closing)\": it is cut short")
            }
        case .whole(let data):
            try decodeWhole(data, body)
        case .ended:
            break
        }
    }

    private static let loupeHARHead = #"{"log":{"version":"1.2","creator":{"name":"loupe","version":""#

    private mutating func handle(line: ArraySlice<UInt8>, number: Int,
                                 _ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) {
        switch mode {
        case .whole(var data):
            mode = .start
            data.append(contentsOf: line)
            data.append(UInt8(ascii: "\n"))
            mode = .whole(data)
        case .start:
            guard !Self.isBlank(line) else { return }
            let text = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            if kind == .jsonArray, text == "[" {
                mode = .lines(closing: "]")
            } else if kind == .har, text.hasPrefix(Self.loupeHARHead), text.hasSuffix(#""entries":["#) {
                mode = .lines(closing: "]}}")
            } else {
                mode = .whole(Data(line) + [UInt8(ascii: "\n")])
            }
        case .lines(let closing):
            guard !Self.isBlank(line) else { return }
            var record = line
            while let last = record.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
                record.removeLast()
            }
            if let closing, record.elementsEqual(closing.utf8) {
                mode = .ended
                return
            }
            if closing != nil, record.last == UInt8(ascii: ",") { record.removeLast() }
            try body(decodeRecord(Data(record), line: number))
        case .ended:
            guard Self.isBlank(line) else {
                throw ExportError(path: "", position: "line \(number)", reason: "unexpected text after the end of the document")
            }
        }
    }

    private func decodeRecord(_ data: Data, line: Int) throws(ExportError) -> NetworkEvent {
        var event: NetworkEvent
        do {
            if kind == .har {
                let entry = try decoder.decode(HAREntry.self, from: data)
                do {
                    event = try NetworkEvent(harEntry: entry)
                } catch {
                    throw ExportError(path: "", position: "line \(line), \(error.member)", reason: error.reason)
                }
            } else {
                event = try decoder.decode(NetworkEvent.self, from: data)
            }
        } catch let error as ExportError {
            throw error
        } catch {
            var (path, reason) = DecodingFailure.describe(error, data: data)
            // A syntax error inside one record: its column is the record's own.
            if let located = path, located.hasPrefix("line 1, ") { path = String(located.dropFirst(8)) }
            throw ExportError(path: "", position: "line \(line)" + (path.map { ", \($0)" } ?? ""), reason: reason)
        }
        redactor.redact(&event)
        return event
    }

    private func decodeWhole(_ data: Data, _ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) {
        if kind == .har {
            let document: CheckedHAR
            do {
                document = try decoder.decode(CheckedHAR.self, from: data)
            } catch let error as ExportError {
                throw error
            } catch {
                throw Self.documentError(error, data: data)
            }
            for (index, entry) in document.entries.enumerated() {
                var event: NetworkEvent
                do {
                    event = try NetworkEvent(harEntry: entry)
                } catch {
                    throw ExportError(path: "", position: "entry \(index + 1) (log.entries[\(index)].\(error.member))",
                                      reason: error.reason)
                }
                redactor.redact(&event)
                try body(event)
            }
        } else {
            let events: [NetworkEvent]
            do {
                events = try decoder.decode([NetworkEvent].self, from: data)
            } catch {
                throw Self.documentError(error, data: data)
            }
            for var event in events {
                redactor.redact(&event)
                try body(event)
            }
        }
    }

    /// The entries of a HAR document, decoded after its `log.version` is checked, so a version this
    /// reader does not know is refused as such (not by an entry it cannot decode), in one parse.
    private struct CheckedHAR: Decodable {
        var entries: [HAREntry]

        private enum Keys: String, CodingKey { case log, version, entries }

        init(from decoder: any Decoder) throws {
            let document = try decoder.container(keyedBy: Keys.self)
            guard document.contains(.log), try !document.decodeNil(forKey: .log) else {
                throw ExportError(path: "", reason: "not a HAR file: the document has no \"log\" object")
            }
            let log = try document.nestedContainer(keyedBy: Keys.self, forKey: .log)
            if let version = try log.decodeIfPresent(String.self, forKey: .version),
               !EventFileReader.harVersions.contains(version)
            {
                throw ExportError(path: "", position: "log.version",
                                  reason: "HAR version \"\(version.prefix(20))\" is not supported; Loupe reads HAR 1.1 and 1.2")
            }
            entries = try log.decodeIfPresent([HAREntry].self, forKey: .entries) ?? []
        }
    }

    private static func documentError(_ error: any Error, data: Data) -> ExportError {
        let (path, reason) = DecodingFailure.describe(error, data: data)
        var position = path
        if let path, path.hasPrefix("log.entries["), let close = path.firstIndex(of: "]"),
           let index = Int(path[path.index(path.startIndex, offsetBy: 12)..<close])
        {
            position = "entry \(index + 1) (\(path))"
        }
        return ExportError(path: "", position: position, reason: reason)
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
