import Foundation
import LoupeCore
import LoupeExport
import Testing

/// Corrupt or truncated input fails with an error naming the file and the position, never a crash.
@Suite struct CorruptInputTests {
    let reader = EventFileReader(redactor: IdentityRedactor())

    private func write(_ text: String, as name: String, in folder: URL) throws -> URL {
        let file = folder.appending(path: name)
        try Data(text.utf8).write(to: file)
        return file
    }

    private func error(reading file: URL) throws -> ExportError {
        try #require(throws: ExportError.self) { try reader.readAll(contentsOf: file) }
    }

    private func exported(_ format: ExportFormat, in folder: URL) throws -> URL {
        let file = folder.appending(path: "good.\(format.fileExtension)")
        try ExportWriter.export(ExportTestEvents.all, to: file, configuration: .init(format: format, source: .app))
        return file
    }

    @Test(arguments: ["zip", "har", "ndjson", "log"])
    func aMissingFileSaysSoForEveryFormat(fileExtension: String) throws {
        let file = URL(filePath: "/nonexistent-loupe-folder/session.\(fileExtension)")
        let error = try error(reading: file)
        #expect(error.path == file.path)
        #expect(error.reason == "cannot open the file (no such file or directory); check the path and permissions")
    }

    @Test func aFileThatIsNotAZipIsNamedAsSuch() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write("this is not a zip archive", as: "broken.zip", in: folder)
        let error = try error(reading: file)
        #expect(error.path == file.path)
        #expect(error.reason.contains("not a readable zip archive"))
    }

    @Test func aTruncatedZipIsAnError() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try Data(contentsOf: exported(.zip, in: folder))
        let cut = folder.appending(path: "cut.zip")
        try good.prefix(good.count / 2).write(to: cut)
        let error = try error(reading: cut)
        #expect(error.path == cut.path)
        #expect(error.description.contains("zip"))
    }

    @Test func aBadNDJSONLineIsNamedByLineNumber() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try String(contentsOf: exported(.ndjson, in: folder), encoding: .utf8)
        var lines = good.split(separator: "\n").map(String.init)
        lines[2] = String(lines[2].prefix(40))
        let file = try write(lines.joined(separator: "\n"), as: "bad.ndjson", in: folder)
        let error = try error(reading: file)
        #expect(error.path == file.path)
        #expect(error.position?.hasPrefix("line 3, column ") == true, "\(error)")
    }

    @Test func aMissingMemberIsNamedByItsPath() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(#"{"id":"11111111-1111-4111-8111-111111111111","source":"apiClient","state":"complete","startedAt":"2026-11-22T06:00:00.000Z","request":{"url":"https://a.example/","httpVersion":"HTTP/1.1","headers":[]}}"# + "\n",
                             as: "missing.ndjson", in: folder)
        let error = try error(reading: file)
        #expect(error.position == "line 1, request")
        #expect(error.reason.contains("\"method\""))
    }

    @Test func aTruncatedEventsArrayIsCutShort() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "[\n" + (try String(contentsOf: exported(.ndjson, in: folder), encoding: .utf8))
            .split(separator: "\n").prefix(2).joined(separator: ",\n") + ",\n"
        let file = try write(text, as: "events.json", in: folder)
        let error = try error(reading: file)
        #expect(error.reason.contains("cut short"))
    }

    @Test func aTruncatedHARIsAnErrorWithAPosition() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let chrome = try String(contentsOf: ForeignHARImportTests.fixtures.appending(path: "chrome-export.har"), encoding: .utf8)
        let file = try write(String(chrome.prefix(chrome.count / 2)), as: "cut.har", in: folder)
        let error = try error(reading: file)
        #expect(error.path == file.path)
        #expect(error.position?.hasPrefix("line ") == true)
        #expect(error.reason.contains("cut short"))

        let loupe = try String(contentsOf: exported(.har, in: folder), encoding: .utf8)
        let cutLoupe = try write(String(loupe.prefix(loupe.count * 2 / 3)), as: "cut-loupe.har", in: folder)
        let loupeError = try self.error(reading: cutLoupe)
        #expect(loupeError.position?.hasPrefix("line ") == true, "\(loupeError)")
    }

    @Test func aHAROfAnotherVersionIsRejectedByName() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(#"{"log":{"version":"2.0","creator":{"name":"x","version":"1"},"entries":[]}}"#,
                             as: "future.har", in: folder)
        let error = try error(reading: file)
        #expect(error.position == "log.version")
        #expect(error.reason.contains("HAR version \"2.0\" is not supported"))
    }

    @Test func aHAREntryWithABadTimeIsNamedByEntry() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(#"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{"startedDateTime":"yesterday","time":1,"request":{"method":"GET","url":"https://a.example/"}}]}}"#,
                             as: "badtime.har", in: folder)
        let error = try error(reading: file)
        #expect(error.position == "entry 1 (log.entries[0].startedDateTime)")
    }

    @Test func aJSONDocumentThatIsNotAHARIsNamedAsSuch() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(#"{"hello":"world"}"#, as: "other.har", in: folder)
        #expect(try error(reading: file).reason.contains("no \"log\" object"))
    }

    @Test func aZipWithoutEventsIsNotALoupeExport() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "other.zip")
        _ = try ZIPFoundationHelpers.archive(at: file, containing: ["readme.txt": "hello"])
        #expect(try error(reading: file).reason.contains("not a Loupe export"))
    }

    @Test func randomBytesNeverCrashTheReader() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        for format in ExportFormat.allCases {
            let good = try Data(contentsOf: exported(format, in: folder))
            for _ in 0..<20 {
                var bytes = good
                for _ in 0..<8 {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
                let file = folder.appending(path: "fuzz.\(format.fileExtension)")
                try bytes.write(to: file)
                // Either reads (the damage hit a string) or fails with an error naming the file.
                do {
                    _ = try reader.readAll(contentsOf: file)
                } catch {
                    #expect(error.path == file.path)
                }
            }
        }
    }
}
