import CLoupeZlib

/// A raw deflate stream (RFC 1951, the data of a zip member) with the CRC-32 and size of what it
/// compressed, fed in pieces so an export compresses while it writes.
///
/// A class because zlib keeps a pointer back to its `z_stream` and checks it on every call: the
/// stream must stay at one address for its whole life.
final class Deflater {
    /// zlib's level 3 with its default memory level: on exported JSON about twice as fast as the
    /// default level 6, for a zip about a fifth larger (the JSON still shrinks about twentyfold).
    static let level: Int32 = 3
    static let memoryLevel: Int32 = 8

    private let stream: UnsafeMutablePointer<z_stream>
    private var output = [UInt8](repeating: 0, count: 64 << 10)
    /// The CRC-32 of the input so far, as a zip header records it.
    private(set) var checksum: UInt32 = 0
    /// Input bytes so far.
    private(set) var inputSize: UInt64 = 0

    /// A new stream, or nil when zlib cannot allocate one.
    init?() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Negative window bits: raw deflate, without the zlib header and trailer zip does not use.
        guard loupe_deflateInit2(stream, Self.level, -MAX_WBITS, Self.memoryLevel) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `input`, ending the stream when `finish` is true, and hands each piece of
    /// compressed output to `write`.
    func deflate(_ input: UnsafeRawBufferPointer, finish: Bool, write: (UnsafeRawBufferPointer) -> Void) {
        var remaining = input
        repeat {
            // zlib counts input in 32-bit units.
            let piece = UnsafeRawBufferPointer(rebasing: remaining.prefix(1 << 30))
            remaining = UnsafeRawBufferPointer(rebasing: remaining.dropFirst(piece.count))
            let isLast = finish && remaining.isEmpty
            let bytes = piece.baseAddress?.assumingMemoryBound(to: Bytef.self)
            checksum = UInt32(crc32(uLong(checksum), bytes, uInt(piece.count)))
            inputSize += UInt64(piece.count)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes)
            stream.pointee.avail_in = uInt(piece.count)
            var status = Z_OK
            repeat {
                let produced = output.withUnsafeMutableBytes { buffer in
                    stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_out = uInt(buffer.count)
                    status = CLoupeZlib.deflate(stream, isLast ? Z_FINISH : Z_NO_FLUSH)
                    return buffer.count - Int(stream.pointee.avail_out)
                }
                // Z_STREAM_ERROR only comes from a misused stream: a bug here, not bad input.
                precondition(status != Z_STREAM_ERROR, "deflate on an inconsistent zlib stream")
                if produced > 0 { output.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[..<produced])) } }
            } while stream.pointee.avail_out == 0 || (isLast && status != Z_STREAM_END)
        } while !remaining.isEmpty
    }
}
