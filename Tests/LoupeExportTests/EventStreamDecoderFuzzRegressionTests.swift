import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing

/// Inputs the HAR fuzzer (Fuzz/Sources/FuzzHAR) found: a file must read the same however its
/// bytes arrive.
@Suite struct EventStreamDecoderFuzzRegressionTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    /// The events of `data` fed in chunks of `size` bytes (all at once when nil), ids left out
    /// (another tool's entries get random ones).
    private static func decode(_ data: Data, chunkSize size: Int?) throws -> [NetworkEvent] {
        var decoder = EventStreamDecoder(format: .har, redactor: IdentityRedactor())
        var events: [NetworkEvent] = []
        var start = 0
        repeat {
            let end = min(data.count, start + (size ?? data.count))
            try decoder.feed(data[start..<end]) { events.append($0) }
            start = end
        } while start < data.count
        try decoder.finish { events.append($0) }
        return events.map { event in
            var event = event
            event.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
            return event
        }
    }

    @Test(arguments: [1, 7, 100, 1000])
    func aBrowserHARFedInChunksThatEndMidLineReadsLikeTheWholeFile(_ size: Int) throws {
        // The part of a chunk after its last line feed was kept back and put at the end of the
        // collected document, so the document no longer parsed.
        let data = try Data(contentsOf: Self.fixtures.appending(path: "firefox-export.har"))
        let whole = try Self.decode(data, chunkSize: nil)
        #expect(whole.count == 1)
        #expect(try Self.decode(data, chunkSize: size) == whole)
    }

    @Test func aBrowserHARLargerThanOneReadOfTheFileImports() throws {
        // EventFileReader reads 256 KiB at a time: a pretty-printed browser HAR bigger than that
        // hit the same reordering.
        let original = try String(contentsOf: Self.fixtures.appending(path: "firefox-export.har"), encoding: .utf8)
        let padded = original.replacingOccurrences(of: "\"pages\": [],",
                                                   with: "\"pages\": [],\n    \"comment\": \"\(String(repeating: "x", count: 300_000))\",")
        #expect(padded.count > 300_000)
        let url = FileManager.default.temporaryDirectory.appending(path: "loupe-big-\(UUID().uuidString).har")
        try Data(padded.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = try EventFileReader(redactor: Redactor(ruleSet: .builtIn)).readAll(contentsOf: url)
        #expect(log.events.count == 1)
    }

    @Test(arguments: [ExportFormat.har, .ndjson, .zip])
    func aTimeBeforeTheGregorianReformSurvivesARoundTrip(_ format: ExportFormat) throws {
        // The NDJSON fuzzer's finding: Loupe wrote times in the proleptic Gregorian calendar and
        // read them with Foundation's, which is Julian before 1582, so 1013-12-09 came back as
        // 1013-12-15.
        var event = ExportTestEvents.all[0]
        event.startedAt = try #require(InternetTime.date(from: "1013-12-09T10:00:00.250Z"))
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "old.\(format.fileExtension)")
        try ExportWriter.export([event], to: file, configuration: .init(format: format, source: .app))
        let read = try EventFileReader(redactor: IdentityRedactor()).readAll(contentsOf: file)
        #expect(read.events.map { InternetTime($0.startedAt).text } == ["1013-12-09T10:00:00.250Z"])
    }
}
