import Foundation
import LoupeRedaction
import ZIPFoundation

/// A zip archive (a Loupe export, a CI artifact) scanned entry by entry: each file entry is
/// inflated in chunks straight into a ``LeakScanStream``, so nothing is extracted to disk and
/// memory stays bounded whatever the entry sizes.
struct ScanArchive {
    /// What scanning one entry produced.
    enum EntryResult {
        /// `scanned` is false when the entry was skipped as binary.
        case scanned(name: String, findings: [Finding], scanned: Bool, bytes: Int)
        /// The entry could not be read (corrupt data, bad checksum); findings made before stand.
        case failed(name: String, findings: [Finding], reason: String)
    }

    /// Thrown from the consumer to stop inflating an entry once it is known to be binary.
    private struct StopReading: Error {}

    private let archive: Archive

    /// Opens the archive.
    ///
    /// - Throws: ``ScanError`` when the file is not a readable zip archive.
    init(path: String) throws(ScanError) {
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ScanError(path: path, reason: "not a readable zip archive (\(Self.describe(error)))")
        }
    }

    /// Scans every file entry in archive order; folders and links are passed over.
    func forEachEntry(scanner: LeakScanner, _ body: (EntryResult) -> Void) {
        for entry in archive where entry.type == .file {
            var stream = LeakScanStream(scanner: scanner, format: ScanFormat(path: entry.path))
            var findings: [Finding] = []
            do {
                _ = try archive.extract(entry, bufferSize: 64 << 10, skipCRC32: false) { data in
                    findings += stream.feed(data)
                    if stream.isBinary { throw StopReading() }
                }
                findings += stream.finish()
                // Short entries are only known to be binary once finished.
                body(.scanned(name: entry.path, findings: findings, scanned: !stream.isBinary, bytes: stream.byteCount))
            } catch is StopReading {
                body(.scanned(name: entry.path, findings: [], scanned: false, bytes: stream.byteCount))
            } catch {
                body(.failed(name: entry.path, findings: findings,
                             reason: "the archive entry cannot be read (\(Self.describe(error)))"))
            }
        }
    }

    /// ZIPFoundation's errors are enum cases; name them in words.
    private static func describe(_ error: any Error) -> String {
        if let archiveError = error as? Archive.ArchiveError {
            switch archiveError {
            case .unreadableArchive: return "unreadable archive"
            case .missingEndOfCentralDirectoryRecord: return "no end of central directory record: not a zip file or cut short"
            case .invalidCRC32: return "checksum mismatch: the data is corrupt"
            case .invalidCompressionMethod: return "unsupported compression method"
            default: return "corrupt archive: \(archiveError)"
            }
        }
        return ScanRunner.describe(error)
    }
}
