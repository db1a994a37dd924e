import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

/// Events written in each format and read back are equal to the originals, for what the format holds.
@Suite struct ExportRoundTripTests {
    let reader = EventFileReader(redactor: IdentityRedactor())

    private func roundTrip(_ format: ExportFormat) throws -> (written: ExportManifest, read: EventFileReader.ImportedLog) {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "export.\(format.fileExtension)")
        let manifest = try ExportWriter.export(ExportTestEvents.all, to: file, configuration: .init(
            format: format, source: .app, filter: "host:example.com", evictedEvents: 7, evictedBytes: 7000))
        return (manifest, try reader.readAll(contentsOf: file))
    }

    @Test func ndjsonKeepsEveryEventExactly() throws {
        let (manifest, log) = try roundTrip(.ndjson)
        #expect(log.events == ExportTestEvents.all)
        #expect(log.manifest == nil)
        #expect(manifest.eventCount == ExportTestEvents.all.count)
    }

    @Test func zipBundleKeepsEveryEventAndItsManifest() throws {
        let (manifest, log) = try roundTrip(.zip)
        #expect(log.events == ExportTestEvents.all)
        var read = try #require(log.manifest)
        // The manifest keeps milliseconds.
        #expect(abs(read.createdAt.timeIntervalSince(manifest.createdAt)) < 0.001)
        read.createdAt = manifest.createdAt
        #expect(read == manifest)
        #expect(read.eventCount == ExportTestEvents.all.count)
        #expect(read.evictedEvents == 7 && read.evictedBytes == 7000)
        #expect(read.filter == "host:example.com")
        #expect(read.source == .app)
        #expect(read.toolVersion == Loupe.version)
        #expect(read.ruleSet.sha256 == RuleSet.builtIn.sha256)
        #expect(read.redactions == ExportTestEvents.redactionTotals)
        #expect(read.redactions["bearer"] == 1)
        #expect(read.verification.lateRedactions == 0)
    }

    @Test func harKeepsWhatHARHolds() throws {
        let (_, log) = try roundTrip(.har)
        #expect(log.events.map(ExportTestEvents.normalized) == ExportTestEvents.all.map(ExportTestEvents.normalized))
    }

    @Test func theBundleHoldsManifestEventsAndHARAndItsHARReadsTheSame() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "bundle.zip")
        try ExportWriter.export(ExportTestEvents.all, to: file, configuration: .init(format: .zip, source: .proxy))
        let archive = try Archive(url: file, accessMode: .read)
        #expect(Set(archive.map(\.path)) == ["manifest.json", "events.json", "events.har"])

        let harEntry = try #require(archive["events.har"])
        var har = Data()
        _ = try archive.extract(harEntry) { har.append($0) }
        let harFile = folder.appending(path: "inner.har")
        try har.write(to: harFile)
        let fromHAR = try reader.readAll(contentsOf: harFile).events
        #expect(fromHAR.map(ExportTestEvents.normalized) == ExportTestEvents.all.map(ExportTestEvents.normalized))
    }

    /// Files are encoded on background queues in batches: many batches and a partial last one
    /// must arrive complete and in order in every file.
    @Test(arguments: ExportFormat.allCases)
    func aLongLogKeepsEveryEventInOrder(format: ExportFormat) throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = (0..<1_000).map { number in
            var event = ExportTestEvents.all[number % ExportTestEvents.all.count]
            event.id = UUID()
            event.sequence = UInt64(number + 1)
            return event
        }
        let file = folder.appending(path: "long.\(format.fileExtension)")
        let manifest = try ExportWriter.export(events, to: file, configuration: .init(format: format, source: .app))
        #expect(manifest.eventCount == 1_000)
        let read = try reader.readAll(contentsOf: file).events
        #expect(read.map(\.id) == events.map(\.id))
        if format == .zip {
            let archive = try Archive(url: file, accessMode: .read)
            var har = Data()
            _ = try archive.extract(try #require(archive["events.har"])) { har.append($0) }
            let harFile = folder.appending(path: "inner.har")
            try har.write(to: harFile)
            #expect(try reader.readAll(contentsOf: harFile).events.count == 1_000)
        }
    }

    @Test func anEmptyLogExportsAndReadsBackEmpty() throws {
        for format in ExportFormat.allCases {
            let folder = try ExportTestEvents.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appending(path: "empty.\(format.fileExtension)")
            let manifest = try ExportWriter.export([], to: file, configuration: .init(format: format, source: .app))
            #expect(manifest.eventCount == 0)
            #expect(try reader.readAll(contentsOf: file).events.isEmpty, "\(format)")
        }
    }

    @Test func aLoggerExportsItsSnapshotWithTheFilterAndEvictions() async throws {
        let logger = NetworkLogger(configuration: .init(maxEvents: 4))
        for event in ExportTestEvents.all { await logger.record(event) }
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "log.zip")
        let manifest = try await logger.export(to: file, filter: try EventFilter(parsing: "method:GET"),
                                               configuration: .init(format: .zip, source: .app))
        let log = try reader.readAll(contentsOf: file)
        // All but the last four events were evicted; of those, the GET requests remain.
        #expect(log.events.map(\.request.method) == ["GET", "GET"])
        #expect(manifest.evictedEvents == ExportTestEvents.all.count - 4)
        #expect(manifest.filter == "method:GET")
    }
}
