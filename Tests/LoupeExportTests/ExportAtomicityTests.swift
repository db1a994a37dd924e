import Foundation
import LoupeCore
import LoupeExport
import Testing

/// Exports appear complete with mode 0600 or not at all.
@Suite struct ExportAtomicityTests {
    private func folderContents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFinishedExportHasMode0600AndLeavesNoStagingFiles() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ExportFormat.allCases {
            let file = folder.appending(path: "out.\(format.fileExtension)")
            try ExportWriter.export(ExportTestEvents.all, to: file, configuration: .init(format: format, source: .app))
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(format)")
        }
        #expect(try folderContents(folder) == ["out.har", "out.ndjson", "out.zip"])
    }

    @Test func nothingAppearsUntilFinishAndACancelledExportLeavesNothing() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "out.zip")
        let writer = try ExportWriter(destination: file, configuration: .init(format: .zip, source: .app))
        for event in ExportTestEvents.all { try writer.write(event) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(FileManager.default.fileExists(atPath: writer.stagingDirectory.path))
        writer.cancel()
        #expect(try folderContents(folder).isEmpty)
    }

    @Test func anAbandonedWriterRemovesItsStagingFolder() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let writer = try ExportWriter(destination: folder.appending(path: "out.har"),
                                          configuration: .init(format: .har, source: .app))
            try writer.write(ExportTestEvents.json)
        }
        #expect(try folderContents(folder).isEmpty)
    }

    @Test func aCancelledExportLeavesAnExistingFileUntouched() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "out.ndjson")
        try Data("previous export\n".utf8).write(to: file)
        let writer = try ExportWriter(destination: file, configuration: .init(format: .ndjson, source: .app))
        try writer.write(ExportTestEvents.json)
        writer.cancel()
        #expect(try String(contentsOf: file, encoding: .utf8) == "previous export\n")
    }

    @Test func anUnwritableFolderIsAClearError() throws {
        let missing = URL(filePath: "/nonexistent-loupe-folder/out.zip")
        let error = try #require(throws: ExportError.self) {
            try ExportWriter(destination: missing, configuration: .init(format: .zip, source: .app))
        }
        #expect(error.path == missing.path)
        #expect(error.reason.contains("/nonexistent-loupe-folder"))
    }
}
