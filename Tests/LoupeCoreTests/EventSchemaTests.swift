import Foundation
import Testing
import LoupeCore

/// Validates encoded events against `docs/event.schema.json` with Python's `jsonschema`
/// (installed by `make deps`), so the documented shape and the code cannot drift apart.
@Suite struct EventSchemaTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func validate(ndjson: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appending(path: "loupe-schema-\(UUID()).ndjson")
        try ndjson.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appending(path: "scripts/validate-events.py").path,
                             Self.root.appending(path: "docs/event.schema.json").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func ndjson(_ events: [NetworkEvent]) throws -> String {
        let encoder = JSONEncoder.loupe()
        return try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
    }

    @Test func everySampleEventMatchesTheSchema() throws {
        let result = try validate(ndjson: ndjson(SampleEvents.all))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\(SampleEvents.all.count) valid, 0 invalid"))
    }

    @Test func theSchemaRejectsAnEventThatBreaksTheShape() throws {
        var json = try ndjson([SampleEvents.completeJSON])
        json = json.replacingOccurrences(of: #""source":"apiClient""#, with: #""source":"carrierPigeon""#)
        let result = try validate(ndjson: json)
        #expect(result.status == 1)
        #expect(result.output.contains("/source"))
    }

    @Test func theCommittedSampleLogMatchesTheSchemaAndDecodes() throws {
        let sample = Self.root.appending(path: "samples/events.ndjson")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let result = try validate(ndjson: text)
        #expect(result.status == 0, "\(result.output)")
        let decoder = JSONDecoder.loupe()
        let events = try text.split(separator: "\n").map { try decoder.decode(NetworkEvent.self, from: Data($0.utf8)) }
        #expect(events.count == 6)  // the committed log has the first six kinds of SampleEvents.all
    }
}
