#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import LoupeCore

/// Turns the bytes of an HTTP message body into what Loupe stores: decoded text (gzip and
/// deflate removed, truncated at a limit) or, for binary and undecodable bodies, only the size
/// and digest. Shared by every traffic source so all of them capture bodies the same way.
///
/// ```swift
/// let body = BodyCapture.capture(bytes: wireBytes, contentType: "application/json",
///                                contentEncoding: "gzip", limit: 1 << 20)
/// // body.text is the decoded JSON, body.decodedFrom == .gzip
/// ```
///
/// Decoding is bounded: inflating stops once `limit` decoded bytes are kept, so a gzip bomb
/// costs at most `limit` bytes of memory and the body is marked truncated.
public enum BodyCapture {
    /// How many leading decoded bytes are checked for NUL bytes and invalid UTF-8.
    public static let sniffLength = 4096

    /// Captures a complete body; the same as feeding `bytes` to an ``Accumulator`` in one chunk.
    ///
    /// - Parameters:
    ///   - bytes: The body as it was on the wire (possibly compressed).
    ///   - contentType: The `Content-Type` header value.
    ///   - contentEncoding: The `Content-Encoding` header value (`gzip`, `deflate`, `identity`…).
    ///   - limit: The most decoded bytes of text to keep.
    public static func capture(bytes: some Collection<UInt8>, contentType: String?, contentEncoding: String?,
                               limit: Int) -> CapturedBody {
        let accumulator = Accumulator(contentType: contentType, contentEncoding: contentEncoding, limit: limit)
        accumulator.append(bytes)
        return accumulator.finish()
    }

    /// Whether a media type is binary whatever the bytes look like: images, audio, video, fonts,
    /// archives, PDFs, WebAssembly, protobuf, gRPC, MessagePack, CBOR and `octet-stream`. Types
    /// with a `+json` or `+xml` suffix (`image/svg+xml`) are text.
    public static func isBinaryContentType(_ contentType: String?) -> Bool {
        guard var mediaType = mediaType(of: contentType) else { return false }
        // Compared as bytes: String's hasPrefix and hasSuffix cost more than the rest of a proxied
        // exchange's capture set-up.
        let verdict: Bool? = mediaType.withUTF8 { type in
            func has(prefix: StaticString) -> Bool {
                type.count >= prefix.utf8CodeUnitCount
                    && memcmp(type.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
            }
            func has(suffix: StaticString) -> Bool {
                type.count >= suffix.utf8CodeUnitCount
                    && memcmp(type.baseAddress! + type.count - suffix.utf8CodeUnitCount, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
            }
            if has(suffix: "+json") || has(suffix: "+xml") { return false }
            if has(prefix: "image/") || has(prefix: "audio/") || has(prefix: "video/") || has(prefix: "font/")
                || has(prefix: "model/") || has(prefix: "application/grpc") || has(suffix: "+proto") || has(suffix: "+zip") {
                return true
            }
            // Text types and JSON never need the set.
            if has(prefix: "text/") || has(suffix: "/json") { return false }
            return nil
        }
        return verdict ?? binaryApplicationTypes.contains(mediaType)
    }

    private static let binaryApplicationTypes: Set<String> = [
        "application/octet-stream", "application/zip", "application/gzip", "application/x-gzip", "application/x-tar",
        "application/x-7z-compressed", "application/x-bzip2", "application/x-xz", "application/zstd",
        "application/x-rar-compressed", "application/pdf", "application/wasm", "application/protobuf",
        "application/x-protobuf", "application/x-protobuffer", "application/vnd.google.protobuf",
        "application/msgpack", "application/x-msgpack", "application/vnd.msgpack", "application/cbor",
        "application/vnd.ms-fontobject", "application/java-archive", "application/x-sqlite3",
        "application/vnd.apple.mpegurl.binary", "application/x-shockwave-flash",
    ]

    /// The lower-cased `type/subtype` of a `Content-Type` value, without parameters.
    static func mediaType(of contentType: String?) -> String? {
        guard var contentType else { return nil }
        // Every exchange's headers pass here: an ASCII value is cut, trimmed and lower-cased in
        // its own bytes; anything else (or a leading `;`, which `split` would skip) takes the
        // general path.
        let type = contentType.withUTF8(asciiMediaType)
            ?? (contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
                .trimmingCharacters(in: .whitespaces).lowercased()
        return type.isEmpty ? nil : type
    }

    /// The lower-cased media type of an ASCII `Content-Type` value ("" when blank), or nil when
    /// the value is not ASCII or starts with `;`.
    private static func asciiMediaType(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, first != UInt8(ascii: ";"), !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var start = bytes.startIndex
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        let type = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !type.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) { return String(decoding: type, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: type.count) { lower in
            for (index, byte) in type.enumerated() { lower[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
            return type.count
        }
    }

    /// Whether `prefix` (the start of a body, possibly cut in the middle of a character when
    /// `isComplete` is false) is text: no NUL byte and valid UTF-8.
    static func looksLikeText(_ prefix: some Collection<UInt8>, isComplete: Bool) -> Bool {
        if prefix.contains(0) { return false }
        var bytes = Array(prefix)
        if !isComplete { bytes.removeLast(incompleteSuffixLength(bytes)) }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// How many bytes at the end of `bytes` form the start of a UTF-8 sequence that is cut off
    /// (0 when the last character is complete).
    static func incompleteSuffixLength(_ bytes: [UInt8]) -> Int {
        var length = 0
        var index = bytes.count - 1
        // Walk back over at most three continuation bytes to the lead byte.
        while index >= 0, length < 4 {
            let byte = bytes[index]
            length += 1
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > length ? length : 0
            }
            index -= 1
        }
        return 0
    }
}
