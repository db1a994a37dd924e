import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction

/// The checks shared by the HAR, NDJSON and zip fuzzers: reading a file must give the same events
/// (or the same error) however its bytes arrive, the events it gives must already be redacted,
/// and writing them out and reading them back must give them again.
public enum EventFileCheck {
    /// The built-in rules, as `loupe import` and `loupe console FILE` use them.
    public static let redactor = Redactor(ruleSet: .builtIn)

    /// One fuzzer input for a HAR or NDJSON reader: a chunk seed, then the file's bytes.
    public static func fuzz(_ data: UnsafeRawPointer?, _ size: Int, format: ExportFormat) -> CInt {
        var input = FuzzInput(data, size)
        let seed = input.byte()
        if let events = decode(input.rest(), format: format, seed: seed) {
            checkDecoded(events)
        }
        return 0
    }

    /// Decodes `bytes` as `format` in one chunk, and in the chunks `seed` picks; both must agree.
    /// Returns the events, or nil when the input is rejected (with an ``ExportError``, never a crash).
    public static func decode(_ bytes: [UInt8], format: ExportFormat, seed: UInt8) -> [NetworkEvent]? {
        let whole = decode([bytes[...]], format: format, redactor: redactor)
        let chunked = decode(chunks(of: bytes, seed: seed), format: format, redactor: redactor)
        invariant(whole.map(numbered) == chunked.map(numbered), "decoding in chunks gave \(describe(chunked)), in one piece \(describe(whole))")
        return try? whole.get()
    }

    /// Events as they were decoded, or the error.
    public static func decode(_ chunks: [ArraySlice<UInt8>], format: ExportFormat,
                              redactor: any EventRedactor) -> Result<[NetworkEvent], ExportError> {
        var decoder = EventStreamDecoder(format: format, redactor: redactor)
        var events: [NetworkEvent] = []
        do throws(ExportError) {
            for chunk in chunks { try decoder.feed(Data(chunk)) { events.append($0) } }
            try decoder.finish { events.append($0) }
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    /// Checks what a reader gave: redacting it again changes nothing (it was redacted on the way
    /// in), and Loupe's NDJSON and HAR forms of it read back to the same form.
    public static func checkDecoded(_ events: [NetworkEvent]) {
        for event in events {
            var again = event
            redactor.redact(&again)
            invariant(again == event, "an imported event changed when redacted again:\n\(json(event))\n→\n\(json(again))")
        }
        let ndjson = Array(events.map(json).joined(separator: "\n").utf8)
        guard case .success(let fromNDJSON) = decode([ndjson[...]], format: .ndjson, redactor: IdentityRedactor()) else {
            invariant(false, "Loupe's NDJSON of imported events does not read back:\n\(String(decoding: ndjson, as: UTF8.self))")
            return
        }
        // Dates are written to the millisecond, so the first write may round; from then on the
        // written form must be a fixed point.
        let written = fromNDJSON.map(json)
        let rewritten = decodeNDJSON(written)
        invariant(rewritten.map(json) == written, "NDJSON written, read and written again differs:\n"
                      + difference(Array(written.joined(separator: "\n").utf8), Array(rewritten.map(json).joined(separator: "\n").utf8)))

        let har = harData(events)
        guard case .success(let fromHAR) = decode([har[...]], format: .har, redactor: IdentityRedactor()) else {
            invariant(false, "Loupe's HAR of imported events does not read back:\n\(String(decoding: har, as: UTF8.self))")
            return
        }
        let harWritten = harData(fromHAR)
        guard case .success(let fromHARAgain) = decode([harWritten[...]], format: .har, redactor: IdentityRedactor()) else {
            invariant(false, "HAR written twice does not read back")
            return
        }
        let harRewritten = harData(fromHARAgain)
        invariant(harRewritten == harWritten, "HAR written, read and written again differs:\n\(difference(harWritten, harRewritten))")
    }

    /// The events with ids 1, 2, 3…: another tool's HAR entry has no id, and gets a random one.
    private static func numbered(_ events: [NetworkEvent]) -> [NetworkEvent] {
        events.enumerated().map { index, event in
            var event = event
            event.id = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", index + 1))!
            return event
        }
    }

    private static func decodeNDJSON(_ lines: [String]) -> [NetworkEvent] {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        return (try? decode([bytes[...]], format: .ndjson, redactor: IdentityRedactor()).get()) ?? []
    }

    private static func harData(_ events: [NetworkEvent]) -> [UInt8] {
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "loupe-fuzz", version: "0"),
                                             entries: events.map(HAREntry.init)))
        return Array((try? JSONEncoder.loupe().encode(archive)) ?? Data())
    }

    /// Where two texts part: 80 bytes of each from a little before the first difference.
    private static func difference(_ first: [UInt8], _ second: [UInt8]) -> String {
        let common = zip(first, second).prefix { $0 == $1 }.count
        let start = max(0, common - 40)
        func excerpt(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[min(start, bytes.count)..<min(start + 80, bytes.count)], as: UTF8.self).debugDescription
        }
        return "at byte \(common): \(excerpt(first))\n           vs \(excerpt(second))"
    }

    /// One event as Loupe's NDJSON line.
    public static func json(_ event: NetworkEvent) -> String {
        String(decoding: (try? JSONEncoder.loupe().encode(event)) ?? Data(), as: UTF8.self)
    }

    private static func describe(_ result: Result<[NetworkEvent], ExportError>) -> String {
        switch result {
        case .success(let events): "\(events.count) events: " + events.map(json).joined(separator: "\n")
        case .failure(let error): "error \(error)"
        }
    }
}
