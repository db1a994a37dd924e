import Foundation
import LoupeCore
import LoupeExport
import Testing

/// A HAR written by Loupe has the structure of HAR 1.2 (`docs/har-1.2.schema.json`, checked with
/// Python's jsonschema as the event schema is) and loads in mitmproxy's HAR reader when mitmproxy
/// is installed.
@Suite struct HARStructureTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func run(python: String = "python3", _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [python, Self.root.appending(path: "scripts/validate-har.py").path,
                             Self.root.appending(path: "docs/har-1.2.schema.json").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func exportedHAR(in folder: URL) throws -> URL {
        let file = folder.appending(path: "loupe.har")
        try ExportWriter.export(ExportTestEvents.all, to: file, configuration: .init(format: .har, source: .app))
        return file
    }

    @Test func aLoupeHARMatchesTheHAR12Structure() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run([try exportedHAR(in: folder).path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("1 valid, 0 invalid"))
    }

    @Test func theBrowserFixturesMatchTheStructureToo() throws {
        let chrome = ForeignHARImportTests.fixtures.appending(path: "chrome-export.har")
        let result = try run([chrome.path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theSchemaRejectsAnEntryWithoutTimings() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: exportedHAR(in: folder), encoding: .utf8)
        text = text.replacingOccurrences(of: #""timings":"#, with: #""_noTimings":"#)
        let broken = folder.appending(path: "broken.har")
        try Data(text.utf8).write(to: broken)
        let result = try run([broken.path])
        #expect(result.status == 1)
        #expect(result.output.contains("'timings' is a required property"))
    }

    @Test func everyEntryHasTheMembersHARConsumersRequire() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Data(contentsOf: exportedHAR(in: folder))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "loupe")
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == ExportTestEvents.all.count)
        let sse = entries[1]
        let stream = try #require(sse["_eventStream"] as? [[String: Any]])
        #expect(stream.map { $0["type"] as? String } == ["delta", "message"])
        #expect(stream[0]["time"] as? Double == ExportTestEvents.base.addingTimeInterval(1.5).timeIntervalSince1970)
        let tunnel = try #require(entries[2]["_tunnel"] as? [String: Any])
        #expect(tunnel["host"] as? String == "secure.example.com")
        #expect((entries[2]["request"] as? [String: Any])?["url"] as? String == "https://secure.example.com:443")
        #expect(entries[0]["_redactions"] as? [String: Int] == ExportTestEvents.all[0].redactions)
        let request = try #require(entries[0]["request"] as? [String: Any])
        #expect((request["queryString"] as? [[String: String]])?.first == ["name": "limit", "value": "20"])
        #expect((request["cookies"] as? [[String: Any]])?.count == 2)
        let failedResponse = try #require(entries[3]["response"] as? [String: Any])
        #expect(failedResponse["status"] as? Int == 0)
    }

    /// Runs only where mitmproxy is importable (`LOUPE_MITMPROXY_PYTHON` names an interpreter that
    /// has it, or the default python3 does); `make deps` does not install it.
    @Test(.enabled(if: HARStructureTests.mitmproxyPython != nil))
    func mitmproxyLoadsALoupeHAR() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(python: try #require(Self.mitmproxyPython), [try exportedHAR(in: folder).path, "--mitmproxy"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("mitmproxy read \(ExportTestEvents.all.count) flows"))
    }

    static let mitmproxyPython: String? = {
        let candidates = [ProcessInfo.processInfo.environment["LOUPE_MITMPROXY_PYTHON"], "python3"].compactMap { $0 }
        return candidates.first { python in
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = [python, "-c", "import mitmproxy.io.har"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }()
}
