import FuzzSupport
import Foundation
import LoupeRedaction

private let redactor = Redactor(ruleSet: .builtIn)
private let planted = PlantedSecret.all(redactor: redactor)

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzJSONRedactorInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = planted
    return 0
}

/// Fuzzes the JSON body redactor with arbitrary text into which a built-in rule's example is
/// planted on a line of its own, at a place the input picks.
///
/// Invariants: the redacted body never contains the example's secret (however the text around
/// it nests, escapes or breaks the JSON); and ``JSONStreamRedactor`` gives the same output, the
/// same counts and the same error (the same output when there is none) however the body is cut into chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRedactor(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let plant = planted[input.number(below: planted.count)]
    let place = input.byte()
    let seed = input.byte()
    var body = input.rest()
    guard !String(decoding: body, as: UTF8.self).contains(plant.secret) else { return 0 }

    let offset = body.count * Int(place) / 256
    body.insert(contentsOf: Array(("\n" + plant.example + "\n").utf8), at: offset)
    let text = String(decoding: body, as: UTF8.self)
    var counts: [String: Int] = [:]
    let redacted = redactor.redactBody(text, contentType: "application/json", counts: &counts)
    invariant(!redacted.contains(plant.secret),
              "the secret \(plant.secret.debugDescription) survived redaction:\n\(text.debugDescription)\n→\n\(redacted.debugDescription)")

    let whole = stream([body[...]])
    let chunked = stream(chunks(of: body, seed: seed))
    // After an error, how much output came before it depends on the chunks; the rest may not.
    invariant((whole.error != nil || whole.output == chunked.output) && whole.counts == chunked.counts
                  && whole.error == chunked.error,
              "streaming in chunks differs: \(chunked) vs \(whole)")
    return 0
}

/// What ``JSONStreamRedactor`` gives for `chunks`: the output up to the first error, the counts
/// and the error.
private func stream(_ chunks: [ArraySlice<UInt8>]) -> (output: [UInt8], counts: [String: Int], error: String?) {
    var stream = redactor.makeJSONStream()
    var output: [UInt8] = []
    do {
        for chunk in chunks { output += try stream.feed(chunk) }
        output += try stream.finish()
        return (output, stream.counts, nil)
    } catch {
        return (output, stream.counts, "\(error)")
    }
}
