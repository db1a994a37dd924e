import CFuzzZlib

/// The three ways a body arrives compressed, made with zlib's `compress2` (zlib format) and cut
/// or wrapped by hand for the other two.
enum Compression: CaseIterable {
    /// `Content-Encoding: gzip` (RFC 1952).
    case gzip
    /// `Content-Encoding: deflate` as the RFC means it: zlib format (RFC 1950).
    case zlib
    /// `Content-Encoding: deflate` as some servers send it: bare deflate data (RFC 1951).
    case rawDeflate

    var contentEncoding: String { self == .gzip ? "gzip" : "deflate" }

    func compress(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var zlib = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&zlib, &size, bytes, uLong(bytes.count), Z_DEFAULT_COMPRESSION)
        precondition(status == Z_OK, "compress2 failed: \(status)")
        zlib.removeSubrange(Int(size)...)
        if self == .zlib { return zlib }
        let deflate = Array(zlib[2..<(zlib.count - 4)])  // without the header and the Adler-32
        if self == .rawDeflate { return deflate }
        let crc = UInt32(crc32(0, bytes, uInt(bytes.count)))
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + deflate + Self.littleEndian(crc) + Self.littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
