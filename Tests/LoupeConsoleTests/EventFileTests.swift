import Foundation
import LoupeConsole
import LoupeCore
import Testing

/// Reading event files for `--open` and writing the view for `x`.
@Suite struct EventFileTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readsTheSampleNDJSON() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/events.ndjson").standardized
        let events = try EventFileReaders().readEvents(from: url)
        #expect(events.count == 6)
        #expect(events.first?.request.headers["authorization"] == "Bearer [REDACTED:bearer]")
    }

    @Test func aBadLineIsReportedByNumberWithoutItsContent() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bad.ndjson")
        let good = String(decoding: try JSONEncoder.loupe().encode(TestEvents.http(1)), as: UTF8.self)
        try Data("\(good)\n\n{\"secret\":\"hunter2\"}\n".utf8).write(to: url)
        let error = #expect(throws: EventFileError.self) { try EventFileReaders().readEvents(from: url) }
        #expect(error?.line == 3)
        #expect(error?.description.contains("hunter2") == false)
        #expect(error?.description.contains("bad.ndjson:3") == true)
    }

    @Test func aMissingFileSaysSo() {
        let error = #expect(throws: EventFileError.self) {
            try EventFileReaders().readEvents(from: URL(fileURLWithPath: "/nonexistent/x.ndjson"))
        }
        #expect(error?.description.contains("no such file") == true)
    }

    /// A stand-in for the zip or HAR reader that plugs in later.
    struct FakeHARReader: EventFileReader {
        let formatName = "HAR"
        func canRead(_ url: URL, prefix: Data) -> Bool { url.pathExtension == "har" }
        func readEvents(from url: URL) throws -> [NetworkEvent] { [TestEvents.http(42)] }
    }

    @Test func readersPlugInAndAreChosenByFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("x.har")
        try Data("{}".utf8).write(to: har)
        let readers = EventFileReaders([FakeHARReader(), NDJSONEventReader()])
        #expect(try readers.readEvents(from: har).map(\.id) == [TestEvents.id(42)])
        let other = directory.appendingPathComponent("x.bin")
        try Data([0, 1, 2]).write(to: other)
        #expect(throws: EventFileError.self) { try readers.readEvents(from: other) }
    }

    @Test func exportWritesAnOwnerOnlyFileThatReadsBack() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("view.ndjson")
        try Data("old".utf8).write(to: url)
        let events = [TestEvents.http(1), TestEvents.sse(2, count: 3)]
        try EventExporters().exporter(for: url)!.export(events, to: url)
        #expect(try EventFileReaders().readEvents(from: url) == events)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["view.ndjson"])  // no temporary file left behind
    }

    @Test func exportToAMissingFolderFailsWithTheReason() {
        let url = URL(fileURLWithPath: "/nonexistent-loupe-dir/view.ndjson")
        let error = #expect(throws: ConsoleExportError.self) { try NDJSONEventExporter().export([], to: url) }
        #expect(error?.description.contains("no such file or directory") == true)
    }
}
