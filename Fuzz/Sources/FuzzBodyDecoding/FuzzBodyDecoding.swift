import FuzzSupport
import LoupeCore
import LoupeRedaction

private let limits = [0, 1, 7, 100, 4096, 1 << 20]
private let contentEncodings = ["gzip", "deflate", "identity", "x-gzip", "gzip, deflate", "br"]

/// Fuzzes body capture and decoding (``BodyCapture``): gzip, zlib and raw deflate bodies made
/// from the input, and the input itself claimed to be in some content coding.
///
/// Invariants: the captured body is the same however the wire bytes are chunked; it records the
/// wire size; it keeps at most `limit` bytes of text (or says why it kept none); and a text body
/// compressed with any of the three codings decodes back to itself, or to a prefix of it marked
/// truncated when it is longer than the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBodyDecoding(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.number(below: Compression.allCases.count + 1)
    let limit = limits[input.number(below: limits.count)]
    let encodingChoice = input.number(below: contentEncodings.count)
    let seed = input.byte()
    let payload = input.rest()

    let compression = mode < Compression.allCases.count ? Compression.allCases[mode] : nil
    let wire = compression?.compress(payload) ?? payload
    let contentEncoding = compression?.contentEncoding ?? contentEncodings[encodingChoice]

    let whole = BodyCapture.capture(bytes: wire, contentType: "text/plain", contentEncoding: contentEncoding, limit: limit)
    let accumulator = BodyCapture.Accumulator(contentType: "text/plain", contentEncoding: contentEncoding, limit: limit)
    for chunk in chunks(of: wire, seed: seed) { accumulator.append(chunk) }
    let chunked = accumulator.finish()
    invariant(chunked == whole, "captured in chunks: \(chunked), in one piece: \(whole)")
    invariant(whole.originalSize == wire.count, "original size \(whole.originalSize) ≠ \(wire.count) wire bytes")
    invariant((whole.text == nil) != (whole.omitted == nil), "a body needs text or a reason it has none: \(whole)")
    if let text = whole.text {
        invariant(text.utf8.count <= limit, "kept \(text.utf8.count) bytes of text over the limit \(limit)")
    }

    guard let compression, !payload.contains(0), let original = String(validating: payload, as: UTF8.self) else {
        return 0
    }
    let expectedCoding: CapturedBody.ContentCoding = compression == .gzip ? .gzip : .deflate
    invariant(whole.decodedFrom == expectedCoding, "a \(compression) body was not decoded: \(whole)")
    if payload.count <= limit {
        invariant(whole.text == original && !whole.truncated, "a \(compression) body decoded to \(whole)")
    } else {
        invariant(whole.truncated && original.utf8.starts(with: (whole.text ?? "\u{0}").utf8),
                  "a \(compression) body over the limit decoded to \(whole)")
    }
    return 0
}
