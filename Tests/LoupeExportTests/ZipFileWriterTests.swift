import Foundation
@testable import LoupeExport
import Testing
import ZIPFoundation

/// Zip files written from pre-deflated members read back with ZIPFoundation (which checks each
/// member's CRC-32), with and without ZIP64 records.
@Suite struct ZipFileWriterTests {
    /// Text long enough to span several output buffers of the deflater, plus an empty member.
    static let members: [(name: String, contents: [UInt8])] = [
        ("manifest.json", Array(#"{"eventCount":3}"#.utf8)),
        ("events.json", Array((0..<40_000).map { #"{"sequence":\#($0),"id":"\#(UUID())"}"# }.joined(separator: ",\n").utf8)),
        ("empty.txt", []),
    ]

    private func writeAndRead(zip64Threshold: UInt64) throws -> (entries: [String: [UInt8]], modes: [String: UInt16]) {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "test.zip")
        let zip = try ZipFileWriter(url: file, modified: Date(), zip64Threshold: zip64Threshold)
        try zip.addMember(named: Self.members[0].name, contents: Self.members[0].contents)
        for member in Self.members.dropFirst() {
            // As an export writes a member: through a deflating output, in pieces.
            let staged = folder.appending(path: member.name)
            let output = try BufferedFileOutput(url: staged, deflating: true)
            for piece in member.contents.chunks(ofCount: 100_003) { try output.append(piece) }
            try output.finish()
            try zip.addMember(named: member.name, data: try #require(output.deflated), file: staged)
        }
        try zip.finish()

        let archive = try Archive(url: file, accessMode: .read)
        var entries: [String: [UInt8]] = [:]
        var modes: [String: UInt16] = [:]
        for entry in archive {
            let extracted = folder.appending(path: "extracted-\(entry.path)")
            _ = try archive.extract(entry, to: extracted)
            entries[entry.path] = Array(try Data(contentsOf: extracted))
            let attributes = try FileManager.default.attributesOfItem(atPath: extracted.path)
            modes[entry.path] = (attributes[.posixPermissions] as? NSNumber)?.uint16Value
        }
        return (entries, modes)
    }

    /// Threshold 1 makes every non-empty size and every offset but the first ZIP64, the empty
    /// member's sizes not: the mixed records a bundle past 4 GiB gets.
    @Test(arguments: [UInt64(0xFFFF_FFFF), 1])
    func membersReadBackExactly(zip64Threshold: UInt64) throws {
        let (entries, modes) = try writeAndRead(zip64Threshold: zip64Threshold)
        #expect(entries.count == Self.members.count)
        for member in Self.members {
            let isIntact = entries[member.name] == member.contents
            #expect(isIntact, "\(member.name) differs")
            #expect(modes[member.name] == 0o600)
        }
    }
}

extension Array {
    /// The array in consecutive slices of at most `count` elements.
    func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
