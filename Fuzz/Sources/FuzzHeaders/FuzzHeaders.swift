import FuzzSupport
import LoupeRedaction

private let redactor = Redactor(ruleSet: .builtIn)
/// A credential no input contains by chance, planted in the header value.
private let planted = "q7Zr2Kx9PlantedCredential"

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzHeadersInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = redactor
    return 0
}

/// Fuzzes header redaction — the `Cookie` and `Set-Cookie` parser, `Authorization` schemes,
/// listed sensitive headers, URL-valued and plain headers — with an arbitrary value, and for the
/// first four with a planted credential inside it.
///
/// Invariants: the planted cookie value, `Authorization` credential or listed header's value
/// never survives; and redacting a redacted value again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let kind = input.number(below: 6)
    let fuzzed = String(decoding: input.rest(), as: UTF8.self)
    guard !fuzzed.contains(planted) else { return 0 }

    let (name, value, secret): (String, String, String?) =
        switch kind {
        case 0: ("Cookie", fuzzed + "; sid=" + planted, planted)
        case 1: ("Set-Cookie", "sid=" + planted + "; " + fuzzed, planted)
        case 2: ("Authorization", "Bearer " + planted + " " + fuzzed, planted)
        case 3: ("X-Api-Key", fuzzed + planted, planted)
        case 4: ("Referer", "https://example.com/" + fuzzed, nil)
        default: ("X-Custom", fuzzed, nil)
        }
    var counts: [String: Int] = [:]
    let redacted = redactor.redactHeaderValue(name: name, value: value, counts: &counts)
    if let secret {
        invariant(!redacted.contains(secret), "\(name): \(value.debugDescription) redacted to \(redacted.debugDescription)")
    }
    var again: [String: Int] = [:]
    let twice = redactor.redactHeaderValue(name: name, value: redacted, counts: &again)
    invariant(twice == redacted, "\(name): redacting \(redacted.debugDescription) again gave \(twice.debugDescription)")
    return 0
}
