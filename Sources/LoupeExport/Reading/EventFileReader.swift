#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
import LoupeCore
import ZIPFoundation

/// Reads Loupe exports (zip bundle, HAR, NDJSON, a JSON array of events) and HAR files from other
/// tools (Chrome, Firefox, Charles, mitmproxy). Every event passes through the redactor on the
/// way in, so an imported file is sanitized before anything else sees it.
///
/// Loupe's own files are read line by line with bounded memory; a HAR from another tool is one
/// JSON document and is decoded whole. Errors name the file and the position (line, entry, zip
/// member) and never crash on corrupt or truncated input.
///
/// ```swift
/// let reader = EventFileReader(redactor: Redactor(ruleSet: .builtIn))
/// let log = try reader.readAll(contentsOf: URL(filePath: "chrome.har"))
/// ```
public struct EventFileReader: Sendable {
    /// A file's events and, for a bundle, its manifest.
    public struct ImportedLog: Sendable {
        public var events: [NetworkEvent]
        public var manifest: ExportManifest?
    }

    public let redactor: any EventRedactor

    /// HAR versions this reader understands.
    public static let harVersions: Set<String> = ["1.1", "1.2"]

    public init(redactor: any EventRedactor) {
        self.redactor = redactor
    }

    /// Reads every event into memory.
    public func readAll(contentsOf url: URL, format: ExportFormat? = nil) throws(ExportError) -> ImportedLog {
        var events: [NetworkEvent] = []
        let manifest = try read(contentsOf: url, format: format) { events.append($0) }
        return ImportedLog(events: events, manifest: manifest)
    }

    /// Reads the file, passing each redacted event to `body` in file order.
    ///
    /// - Parameter format: The format; guessed from the extension, then from the first bytes, when nil.
    /// - Returns: The bundle's manifest, or nil for a file without one.
    @discardableResult
    public func read(contentsOf url: URL, format: ExportFormat? = nil,
                     _ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) -> ExportManifest? {
        // One clear reason for every format (ZIPFoundation and FileHandle word a missing file
        // each their own way, neither of them plainly).
        guard access(url.path, R_OK) == 0 else {
            throw ExportError(path: url.path, reason: "cannot open the file (\(String(cString: strerror(errno)).lowercased())); "
                                  + "check the path and permissions")
        }
        let kind: InputKind
        if let format {
            kind = InputKind(format)
        } else {
            kind = try InputKind(sniffing: url)
        }
        let path = url.path
        do throws(ExportError) {
            switch kind {
            case .zip:
                return try readBundle(url, body)
            case .har, .ndjson, .jsonArray:
                let handle: FileHandle
                do {
                    handle = try FileHandle(forReadingFrom: url)
                } catch {
                    throw ExportError(path: path, reason: "cannot open the file (\(error.localizedDescription))")
                }
                defer { try? handle.close() }
                var decoder = EventStreamDecoder(kind: kind, redactor: redactor)
                while true {
                    let chunk: Data
                    do {
                        guard let read = try handle.read(upToCount: 256 << 10), !read.isEmpty else { break }
                        chunk = read
                    } catch {
                        throw ExportError(path: path, reason: "cannot read the file (\(error.localizedDescription))")
                    }
                    try decoder.feed(chunk, body)
                }
                try decoder.finish(body)
                return nil
            }
        } catch {
            var error = error
            if error.path.isEmpty { error.path = path }
            throw error
        }
    }

    private func readBundle(_ url: URL, _ body: (NetworkEvent) throws(ExportError) -> Void) throws(ExportError) -> ExportManifest? {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ExportError(path: url.path, reason: "not a readable zip archive (\(Self.describe(error)))")
        }
        var manifest: ExportManifest?
        if let entry = archive[ExportWriter.BundleEntry.manifest] {
            var data = Data()
            try extract(entry, from: archive, url: url) { data.append($0) }
            do {
                manifest = try JSONDecoder.loupe().decode(ExportManifest.self, from: data)
            } catch {
                let (position, reason) = DecodingFailure.describe(error)
                throw ExportError(path: url.path, position: "zip entry \(entry.path)" + (position.map { ", \($0)" } ?? ""),
                                  reason: reason)
            }
            if let version = manifest?.formatVersion, version > ExportManifest.currentFormatVersion {
                throw ExportError(path: url.path, position: "zip entry \(entry.path)",
                                  reason: "bundle format version \(version) is newer than this Loupe reads "
                                      + "(\(ExportManifest.currentFormatVersion)); update Loupe")
            }
        }
        let candidates: [(String, InputKind)] = [(ExportWriter.BundleEntry.events, .jsonArray), ("events.ndjson", .ndjson),
                                                 (ExportWriter.BundleEntry.har, .har)]
        guard let (entry, kind) = candidates.lazy.compactMap({ name, kind in archive[name].map { ($0, kind) } }).first else {
            throw ExportError(path: url.path, reason: "the zip archive holds no events.json, events.ndjson or events.har; "
                                  + "it is not a Loupe export")
        }
        var decoder = EventStreamDecoder(kind: kind, redactor: redactor)
        do throws(ExportError) {
            try extract(entry, from: archive, url: url) { chunk throws(ExportError) in try decoder.feed(chunk, body) }
            try decoder.finish(body)
        } catch {
            var error = error
            if error.path.isEmpty {
                error.path = url.path
                error.position = "zip entry \(entry.path)" + (error.position.map { ", \($0)" } ?? "")
            }
            throw error
        }
        return manifest
    }

    private func extract(_ entry: Entry, from archive: Archive, url: URL,
                         _ consumer: (Data) throws(ExportError) -> Void) throws(ExportError) {
        do {
            _ = try archive.extract(entry, bufferSize: 256 << 10, skipCRC32: false) { chunk in try consumer(chunk) }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(path: url.path, position: "zip entry \(entry.path)",
                              reason: "the entry cannot be read (\(Self.describe(error)))")
        }
    }

    /// ZIPFoundation's errors are enum cases; name them in words.
    static func describe(_ error: any Error) -> String {
        guard let archiveError = error as? Archive.ArchiveError else { return error.localizedDescription }
        switch archiveError {
        case .unreadableArchive: return "unreadable archive"
        case .missingEndOfCentralDirectoryRecord: return "no end of central directory record: not a zip file, or cut short"
        case .invalidCRC32: return "checksum mismatch: the data is corrupt"
        case .invalidCompressionMethod: return "unsupported compression method"
        default: return "corrupt archive: \(archiveError)"
        }
    }
}
