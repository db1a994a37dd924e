import Testing
@testable import LoupeRedaction

/// Inputs the body-decoding fuzzer (Fuzz/Sources/FuzzBodyDecoding) found: a captured body must
/// not depend on how its bytes were cut into chunks.
@Suite struct BodyCaptureFuzzRegressionTests {
    private static let first = BodyCaptureTestData.compress(Array("first ".utf8), wrapper: .gzip)
    private static let second = BodyCaptureTestData.compress(Array("second".utf8), wrapper: .gzip)

    /// The body whole, and in two chunks cut at `cut`.
    private static func captures(_ wire: [UInt8], cut: Int) -> (whole: String?, chunked: String?) {
        let whole = BodyCapture.capture(bytes: wire, contentType: "text/plain", contentEncoding: "gzip", limit: 100)
        let accumulator = BodyCapture.Accumulator(contentType: "text/plain", contentEncoding: "gzip", limit: 100)
        accumulator.append(wire[..<cut])
        accumulator.append(wire[cut...])
        return (whole.text, accumulator.finish().text)
    }

    @Test func bytesAfterAGzipMemberThatAreNotAMemberAreIgnoredToTheEndEvenWhenALaterChunkStartsLikeOne() {
        // Found by the fuzzer: garbage after the member was ignored, but a later chunk that
        // happened to begin with 1F 8B was taken for a second member and made the body undecodable.
        let wire = Self.first + [0x00, 0xFC, 0x7A] + Self.second
        let (whole, chunked) = Self.captures(wire, cut: Self.first.count + 3)
        #expect(whole == "first ")
        #expect(chunked == "first ")
    }

    @Test func aSecondGzipMemberWhoseMagicBytesArriveInDifferentChunksIsDecoded() {
        let wire = Self.first + Self.second
        let (whole, chunked) = Self.captures(wire, cut: Self.first.count + 1)
        #expect(whole == "first second")
        #expect(chunked == "first second")
    }
}
