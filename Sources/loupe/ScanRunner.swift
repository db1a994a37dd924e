import Foundation
import LoupeRedaction

/// Walks the paths given to `loupe scan` (files, folders, zip archives, standard input), feeds
/// each input to a ``LeakScanStream`` and collects the ``ScanReport``. Findings and errors are
/// handed out as they happen so the text output streams.
struct ScanRunner {
    let scanner: LeakScanner
    private(set) var report: ScanReport
    private let onFinding: (ScanReport.Entry) -> Void
    private let onError: (ScanError) -> Void
    private let onFile: (String, Int) -> Void

    /// Folder names never descended into: version control and build output.
    static func isSkippedDirectory(_ name: String) -> Bool {
        name == ".git" || name.hasPrefix(".build")
    }

    init(scanner: LeakScanner, ruleSetID: String, onFinding: @escaping (ScanReport.Entry) -> Void,
         onError: @escaping (ScanError) -> Void, onFile: @escaping (_ path: String, _ bytes: Int) -> Void) {
        self.scanner = scanner
        self.report = ScanReport(ruleSetID: ruleSetID)
        self.onFinding = onFinding
        self.onError = onError
        self.onFile = onFile
    }

    /// Scans one command-line path.
    mutating func scan(path: String) {
        if path == "-" {
            scanStandardInput()
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            fail(path, "no such file or directory")
            return
        }
        if isDirectory.boolValue {
            scanDirectory(path)
        } else {
            scanFile(path)
        }
    }

    // MARK: Inputs

    private mutating func scanDirectory(_ path: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            fail(path, "cannot list the folder (\(Self.describe(error)))")
            return
        }
        for name in names {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var isDirectory: ObjCBool = false
            // A symbolic link to a folder is not followed (it could loop); one to a file is read.
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: child)) != nil
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                if !isLink { fail(child, "the file disappeared while scanning") }
                continue  // a dangling link holds no data
            }
            if isDirectory.boolValue {
                if !isLink, !Self.isSkippedDirectory(name) { scanDirectory(child) }
            } else {
                scanFile(child)
            }
        }
    }

    private mutating func scanFile(_ path: String) {
        if path.lowercased().hasSuffix(".zip") {
            scanArchive(path)
            return
        }
        let url = URL(fileURLWithPath: path)
        var findings: [Finding] = []
        do {
            let scanned = try scanner.scanFile(at: url, displayPath: path) { findings.append($0) }
            record(path: path, findings: findings, scanned: scanned, bytes: Self.size(of: path))
        } catch {
            // Findings made before a read error still count: they are real.
            record(path: path, findings: findings, scanned: true, bytes: 0)
            fail(path, error.reason)
        }
    }

    private mutating func scanArchive(_ path: String) {
        let archive: ScanArchive
        do {
            archive = try ScanArchive(path: path)
        } catch {
            fail(path, error.reason)
            return
        }
        archive.forEachEntry(scanner: scanner) { entry in
            switch entry {
            case .scanned(let name, let findings, let scanned, let bytes):
                record(path: "\(path)!/\(name)", findings: findings, scanned: scanned, bytes: bytes)
            case .failed(let name, let findings, let reason):
                record(path: "\(path)!/\(name)", findings: findings, scanned: true, bytes: 0)
                fail("\(path)!/\(name)", reason)
            }
        }
    }

    private mutating func scanStandardInput() {
        var stream = LeakScanStream(scanner: scanner, format: .text)
        var findings: [Finding] = []
        let input = FileHandle.standardInput
        do {
            while let chunk = try input.read(upToCount: 256 << 10), !chunk.isEmpty {
                findings += stream.feed(chunk)
                if stream.isBinary { break }
            }
            findings += stream.finish()
            record(path: "-", findings: findings, scanned: !stream.isBinary, bytes: stream.byteCount)
        } catch {
            fail("standard input", Self.describe(error))
        }
    }

    // MARK: Bookkeeping

    private mutating func record(path: String, findings: [Finding], scanned: Bool, bytes: Int) {
        if scanned { report.filesScanned += 1 } else { report.filesSkipped += 1 }
        for finding in findings {
            let entry = ScanReport.Entry(path: path, finding: finding)
            report.findings.append(entry)
            onFinding(entry)
        }
        onFile(path, bytes)
    }

    private mutating func fail(_ path: String, _ reason: String) {
        let error = ScanError(path: path, reason: reason)
        report.errors.append(error)
        onError(error)
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A short reason for a Foundation or POSIX error.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, let message = strerror(Int32(nsError.code)) {
            return String(cString: message).lowercased()
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code))
        {
            return String(cString: message).lowercased()
        }
        return nsError.localizedDescription
    }
}
