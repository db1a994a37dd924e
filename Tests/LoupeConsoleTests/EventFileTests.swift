import Foundation
import LoupeConsole
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

/// Opening saved logs for `--open` (through LoupeExport's reader) and writing the view for `x`.
@Suite struct EventFileTests {
    static let reader = EventFileReader(redactor: Redactor(ruleSet: .builtIn))
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func opensTheSampleNDJSON() throws {
        let source = try EventListSource(contentsOf: Self.repository.appendingPathComponent("samples/events.ndjson"),
                                         reader: Self.reader)
        #expect(source.label == "events.ndjson")
        #expect(source.events.count == 6)
        #expect(source.events.first?.request.headers["authorization"] == "Bearer [REDACTED:bearer]")
    }

    @Test func opensABrowserHARRedactedBeforeDisplay() throws {
        let url = Self.repository.appendingPathComponent("Tests/LoupeExportTests/Fixtures/chrome-export.har")
        let source = try EventListSource(contentsOf: url, reader: Self.reader)
        #expect(source.events.count == 4)
        let post = try #require(source.events.first)
        #expect(post.request.method == "POST")
        #expect(post.request.headers["authorization"]?.hasPrefix("Bearer [REDACTED:") == true)
        let text = String(decoding: try JSONEncoder.loupe().encode(source.events), as: UTF8.self)
        #expect(!text.contains("tok_abcdef123456"))
    }

    @Test func aBadLineIsReportedByPositionWithoutItsContent() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bad.ndjson")
        let good = String(decoding: try JSONEncoder.loupe().encode(TestEvents.http(1)), as: UTF8.self)
        try Data("\(good)\n\n{\"secret\":\"hunter2\"}\n".utf8).write(to: url)
        let error = #expect(throws: ExportError.self) { try EventListSource(contentsOf: url, reader: Self.reader) }
        #expect(error?.path == url.path)
        #expect(error?.position?.contains("line 3") == true)
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test func aMissingFileNamesThePath() {
        let error = #expect(throws: ExportError.self) {
            try EventListSource(contentsOf: URL(fileURLWithPath: "/nonexistent/x.ndjson"), reader: Self.reader)
        }
        #expect(error?.description.hasPrefix("/nonexistent/x.ndjson") == true)
    }

    @Test func theViewExportsToAZipBundleThatOpensAgain() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("view")  // no extension: a zip bundle
        try Data("old".utf8).write(to: url)
        let events = [TestEvents.http(1), TestEvents.sse(2, count: 3)]
        let manifest = try ViewExporter(ruleSet: .builtIn).export(events, to: url, filter: "status:200", evictedEvents: 7)
        #expect(manifest.eventCount == 2)
        #expect(manifest.ruleSet.id == RuleSet.builtIn.id)

        let archive = try Archive(url: url, accessMode: .read)
        #expect(Set(archive.map(\.path)) == [ExportWriter.BundleEntry.manifest, ExportWriter.BundleEntry.events,
                                             ExportWriter.BundleEntry.har])
        let log = try Self.reader.readAll(contentsOf: url)
        #expect(log.events.map(\.id) == events.map(\.id))
        #expect(log.events.last?.sseEvents.count == 3)
        #expect(log.manifest?.filter == "status:200")
        #expect(log.manifest?.evictedEvents == 7)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["view"])  // nothing staged left
    }

    @Test func theFormatFollowsTheExtension() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, format) in [("v.har", ExportFormat.har), ("v.ndjson", .ndjson), ("v.zip", .zip), ("v.txt", .zip)] {
            let url = directory.appendingPathComponent(name)
            #expect(ViewExporter.format(for: url) == format)
            try ViewExporter().export([TestEvents.http(1)], to: url)
            let read = try Self.reader.readAll(contentsOf: url, format: format)
            #expect(read.events.map(\.id) == [TestEvents.id(1)], "\(name)")
        }
    }

    @Test func theVerificationPassRedactsWhatTheViewStillHolds() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var event = TestEvents.http(1)
        event.request.headers = [HTTPHeader(name: "Authorization", value: "Bearer abcdefghijklmnopqrstuvwxyz0123456789")]
        let url = directory.appendingPathComponent("v.ndjson")
        let manifest = try ViewExporter().export([event], to: url)
        #expect(manifest.verification.lateRedactions >= 1)
        #expect(!String(decoding: try Data(contentsOf: url), as: UTF8.self).contains("abcdefghijklmnopqrstuvwxyz0123456789"))
    }

    @Test func exportToAMissingFolderFailsNamingThePath() {
        let url = URL(fileURLWithPath: "/nonexistent-loupe-dir/view.zip")
        let error = #expect(throws: ExportError.self) { try ViewExporter().export([], to: url) }
        #expect(error?.path == url.path)
    }
}
