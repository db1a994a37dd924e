import FuzzSupport
import LoupeExport

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzNDJSONInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = EventFileCheck.redactor
    return 0
}

/// Fuzzes the NDJSON reader with arbitrary bytes; the invariants are ``EventFileCheck``'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNDJSON(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    EventFileCheck.fuzz(data, size, format: .ndjson)
}
