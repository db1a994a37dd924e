import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

/// What `loupe scan` reports on exports: nothing for a sanitized one, the leak for a doctored one.
@Suite struct BundleScanTests {
    let scanner = LeakScanner(ruleSet: .builtIn)

    /// The findings in every member of `file` (a bundle) or in `file` itself, read as its extension says.
    private func findings(in file: URL) throws -> [Finding] {
        guard file.pathExtension == "zip" else { return try scan(Data(contentsOf: file), name: file.lastPathComponent) }
        let archive = try Archive(url: file, accessMode: .read)
        return try archive.flatMap { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return scan(data, name: entry.path)
        }
    }

    private func scan(_ data: Data, name: String) -> [Finding] {
        data.withUnsafeBytes { scanner.scan(bytes: $0, format: ScanFormat(path: name)) }
    }

    @Test func aSanitizedImportScansClean() throws {
        let events = try EventFileReader(redactor: Redactor(ruleSet: .builtIn))
            .readAll(contentsOf: ForeignHARImportTests.fixtures.appending(path: "chrome-export.har")).events
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ExportFormat.allCases {
            let file = folder.appending(path: "clean.\(format.fileExtension)")
            try ExportWriter.export(events, to: file, configuration: .init(format: format, source: .file))
            let found = try findings(in: file)
            #expect(found.isEmpty, "\(format): \(found.map(\.ruleID))")
        }
    }

    @Test func theUnredactedFixtureIsFlagged() throws {
        let found = try findings(in: ForeignHARImportTests.fixtures.appending(path: "chrome-export.har"))
        let rules = Set(found.map(\.ruleID))
        #expect(rules.contains("jwt") || rules.contains("bearer-token"))
        #expect(rules.contains(LeakScanner.sensitiveCookieRuleID) || rules.contains(LeakScanner.sensitiveHeaderRuleID))
        #expect(rules.contains("email"))
    }
}
