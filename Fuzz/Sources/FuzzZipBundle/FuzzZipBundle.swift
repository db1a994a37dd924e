import FuzzSupport
import Foundation
import LoupeExport

/// One file per process, rewritten for every input: the zip reader takes a path.
private let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("loupe-fuzz-\(ProcessInfo.processInfo.processIdentifier).zip")

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzZipBundleInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = EventFileCheck.redactor
    return 0
}

/// Fuzzes the zip bundle reader (ZIPFoundation, the manifest, events.json inside) with arbitrary
/// bytes as a file. Invariants: it reads the file or throws an ``ExportError``; what it reads
/// passes ``EventFileCheck/checkDecoded(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZipBundle(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.rest()
    guard FileManager.default.createFile(atPath: path.path, contents: Data(bytes)) else { return 0 }
    defer { try? FileManager.default.removeItem(at: path) }
    let reader = EventFileReader(redactor: EventFileCheck.redactor)
    if let log = try? reader.readAll(contentsOf: path, format: .zip) {
        EventFileCheck.checkDecoded(log.events)
    }
    return 0
}
