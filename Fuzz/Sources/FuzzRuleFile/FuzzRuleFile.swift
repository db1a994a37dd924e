import FuzzSupport
import Foundation
import LoupeRedaction

/// The shared pattern pieces of the repository's rules/00-fragments.toml, so that fuzzed rule
/// files built from the real ones (the seed corpus) can use `{{separator}}` and friends.
private let fragments: [String: String] = {
    let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../rules/00-fragments.toml").standardizedFileURL
    return (try? RuleFileLoader.load(contentsOf: rules).fragments) ?? [:]
}()

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzRuleFileInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = fragments
    return 0
}

/// Fuzzes the rule-file loader (TOML, schema checks, fragments, PCRE2 compilation) with
/// arbitrary text.
///
/// Invariants: a file either loads or throws a ``RuleFileError`` whose line, when given, lies
/// inside the file; a loaded rule has a valid id and an origin inside the file; and checking a
/// loaded rule's examples (running its compiled pattern) neither crashes nor hangs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleFile(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)
    let lineCount = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    do throws(RuleFileError) {
        let file = try RuleFileLoader.parse(text, path: "fuzz.toml", fragments: fragments)
        for rule in file.rules {
            invariant(RuleFileLoader.isValidRuleID(rule.id), "loaded a rule with the invalid id \(rule.id.debugDescription)")
            invariant((1...lineCount).contains(rule.origin.line),
                      "rule \(rule.id) is said to be at line \(rule.origin.line) of a \(lineCount)-line file")
            _ = rule.checkExamples()
        }
    } catch {
        if let line = error.line {
            invariant((1...lineCount + 1).contains(line), "error at line \(line) of a \(lineCount)-line file: \(error)")
        }
    }
    return 0
}
