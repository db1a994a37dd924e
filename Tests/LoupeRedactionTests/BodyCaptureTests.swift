import LoupeCore
import LoupeRedaction
import Testing

@Suite struct BodyCaptureTests {
    let json = Array(#"{"conversation":"c-42","messages":[{"role":"user","text":"héllo wörld"}]}"#.utf8)

    @Test func gzipBodiesAreDecoded() {
        let wire = BodyCaptureTestData.compress(json, wrapper: .gzip)
        let body = BodyCapture.capture(bytes: wire, contentType: "application/json", contentEncoding: "gzip", limit: 1 << 20)
        #expect(body.text == String(decoding: json, as: UTF8.self))
        #expect(body.decodedFrom == .gzip)
        #expect(body.originalSize == wire.count)
        #expect(!body.truncated)
        #expect(body.omitted == nil)
    }

    @Test(arguments: [BodyCaptureTestData.Wrapper.zlib, .raw])
    func deflateBodiesAreDecodedWithOrWithoutTheZlibWrapper(_ wrapper: BodyCaptureTestData.Wrapper) {
        let wire = BodyCaptureTestData.compress(json, wrapper: wrapper)
        let body = BodyCapture.capture(bytes: wire, contentType: "application/json", contentEncoding: "Deflate",
                                       limit: 1 << 20)
        #expect(body.text == String(decoding: json, as: UTF8.self))
        #expect(body.decodedFrom == .deflate)
    }

    @Test func aGzipBombIsDecodedOnlyUpToTheLimit() {
        let bomb = BodyCaptureTestData.compress([UInt8](repeating: UInt8(ascii: "a"), count: 32 << 20), wrapper: .gzip,
                                                level: 9)
        #expect(bomb.count < 64 << 10)
        let accumulator = BodyCapture.Accumulator(contentType: "text/plain", contentEncoding: "gzip", limit: 10_000)
        for chunk in bomb.scanTestChunks(of: 4096) { accumulator.append(chunk) }
        let body = accumulator.finish()
        #expect(body.text == String(repeating: "a", count: 10_000))
        #expect(body.truncated)
        #expect(body.originalSize == bomb.count)
        #expect(body.decodedFrom == .gzip)
    }

    @Test func aBinaryGzipBombIsOmittedWithoutADigest() {
        let bomb = BodyCaptureTestData.compress([UInt8](repeating: 0, count: 16 << 20), wrapper: .gzip, level: 9)
        let body = BodyCapture.capture(bytes: bomb, contentType: nil, contentEncoding: "gzip", limit: 10_000)
        #expect(body.omitted == CapturedBody.Omission(reason: .binary, sha256: nil))
        #expect(body.decodedFrom == .gzip)
    }

    @Test(arguments: [
        (" IMAGE/PNG ; charset=x", true), ("\tApplication/Octet-Stream", true), (";image/png", true),
        ("\u{00A0}image/png\u{00A0}", true), ("application/JSON; charset=utf-8", false), ("   ", false),
        ("", false), ("text/plain", false), ("application/vnd.api+json", false),
    ])
    func contentTypesAreReadCaseAndSpaceInsensitively(contentType: String, isBinary: Bool) {
        #expect(BodyCapture.isBinaryContentType(contentType) == isBinary)
    }

    @Test func binaryContentTypesAreOmittedWithTheirSHA256() {
        let body = BodyCapture.capture(bytes: Array("abc".utf8), contentType: "image/png", contentEncoding: nil, limit: 100)
        #expect(body.text == nil)
        #expect(body.omitted == CapturedBody.Omission(
            reason: .binary, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(body.originalSize == 3)
    }

    @Test func theDigestCoversTheWholeBodyEvenPastTheLimit() {
        let accumulator = BodyCapture.Accumulator(contentType: "application/octet-stream", contentEncoding: nil, limit: 1000)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
        for _ in 0..<100 { accumulator.append(chunk) }
        let body = accumulator.finish()
        // FIPS 180-2 test vector: one million "a".
        #expect(body.omitted?.sha256 == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(body.originalSize == 1_000_000)
    }

    @Test(arguments: [
        ("image/png", true), ("IMAGE/JPEG; q=1", true), ("application/octet-stream", true), ("video/mp4", true),
        ("application/x-protobuf", true), ("application/grpc+proto", true), ("application/zip", true),
        ("font/woff2", true), ("image/svg+xml", false), ("application/json; charset=utf-8", false),
        ("text/event-stream", false), ("application/problem+json", false), (nil, false),
    ] as [(String?, Bool)])
    func binaryContentTypesAreRecognized(_ contentType: String?, _ binary: Bool) {
        #expect(BodyCapture.isBinaryContentType(contentType) == binary)
    }

    @Test func nulBytesOrInvalidUTF8MakeABodyBinary() {
        let withNUL = BodyCapture.capture(bytes: Array("text\u{0}more".utf8), contentType: "text/plain",
                                          contentEncoding: nil, limit: 100)
        #expect(withNUL.omitted?.reason == .binary)
        let invalid = BodyCapture.capture(bytes: [0x68, 0x69, 0xC3, 0x28, 0x21], contentType: nil, contentEncoding: nil,
                                          limit: 100)
        #expect(invalid.omitted?.reason == .binary)
    }

    @Test func textIsTruncatedOnACharacterBoundary() {
        let text = "€€€€"  // 3 bytes each
        let body = BodyCapture.capture(bytes: Array(text.utf8), contentType: "text/plain", contentEncoding: nil, limit: 7)
        #expect(body.text == "€€")
        #expect(body.truncated)
        #expect(body.originalSize == 12)
    }

    @Test func aCharacterCutByTheSniffWindowIsStillText() {
        // 4095 ASCII bytes, then a 3-byte character straddling the 4096-byte sniff window.
        let text = String(repeating: "x", count: BodyCapture.sniffLength - 1) + "€ tail"
        let body = BodyCapture.capture(bytes: Array(text.utf8), contentType: nil, contentEncoding: nil, limit: 1 << 20)
        #expect(body.text == text)
    }

    @Test(arguments: ["br", "zstd", "gzip, gzip", "compress"])
    func unsupportedCodingsAreUndecodable(_ coding: String) {
        let body = BodyCapture.capture(bytes: json, contentType: "application/json", contentEncoding: coding, limit: 100)
        #expect(body.omitted?.reason == .undecodable)
        #expect(body.originalSize == json.count)
        #expect(body.decodedFrom == nil)
    }

    @Test func corruptOrCutCompressedDataIsUndecodable() {
        let wire = BodyCaptureTestData.compress(Array(String(repeating: "hello world ", count: 500).utf8), wrapper: .gzip)
        var corrupt = wire
        corrupt[wire.count / 2] ^= 0xFF
        corrupt[wire.count / 2 + 1] ^= 0x55
        #expect(BodyCapture.capture(bytes: corrupt, contentType: "text/plain", contentEncoding: "gzip", limit: 1 << 20)
            .omitted?.reason == .undecodable)
        let cut = Array(wire.prefix(wire.count / 2))
        #expect(BodyCapture.capture(bytes: cut, contentType: "text/plain", contentEncoding: "gzip", limit: 1 << 20)
            .omitted?.reason == .undecodable)
        #expect(BodyCapture.capture(bytes: json, contentType: "text/plain", contentEncoding: "gzip", limit: 1 << 20)
            .omitted?.reason == .undecodable)
    }

    @Test func chunkedInputGivesTheSameBodyAsOneBuffer() {
        let text = Array(String(repeating: "data: {\"delta\":\"ünïcode\"}\n\n", count: 300).utf8)
        let wire = BodyCaptureTestData.compress(text, wrapper: .gzip)
        let whole = BodyCapture.capture(bytes: wire, contentType: "text/event-stream", contentEncoding: "gzip", limit: 5000)
        for size in [1, 7, 1000] {
            let accumulator = BodyCapture.Accumulator(contentType: "text/event-stream", contentEncoding: "gzip", limit: 5000)
            for chunk in wire.scanTestChunks(of: size) { accumulator.append(chunk) }
            #expect(accumulator.finish() == whole, "chunks of \(size)")
        }
        #expect(whole.truncated)
        #expect(whole.text?.utf8.count ?? 0 <= 5000)
    }

    @Test func concatenatedGzipMembersAreAllDecoded() {
        let wire = BodyCaptureTestData.compress(Array("first ".utf8), wrapper: .gzip)
            + BodyCaptureTestData.compress(Array("second".utf8), wrapper: .gzip)
        let body = BodyCapture.capture(bytes: wire, contentType: "text/plain", contentEncoding: "gzip", limit: 100)
        #expect(body.text == "first second")
    }

    @Test func anEmptyBodyIsEmptyTextWhateverItsCoding() {
        let body = BodyCapture.capture(bytes: [], contentType: "application/json", contentEncoding: "gzip", limit: 100)
        #expect(body.text == "")
        #expect(body.originalSize == 0)
        #expect(body.decodedFrom == nil)
    }

    @Test func identityCodingIsNoCoding() {
        let body = BodyCapture.capture(bytes: json, contentType: "application/json", contentEncoding: "identity", limit: 1000)
        #expect(body.text == String(decoding: json, as: UTF8.self))
        #expect(body.decodedFrom == nil)
    }
}
