import CLoupeZlib

/// A zlib inflate stream over chunks: gzip, zlib-wrapped deflate or raw deflate, with the
/// decoded output handed out piece by piece so the caller can stop at any size.
///
/// A class because zlib keeps a pointer back to its `z_stream` and checks it on every call: the
/// stream must stay at one address for its whole life.
final class Inflater {
    /// The wrapper zlib should expect.
    enum Wrapper {
        /// gzip or zlib, detected from the header (window bits 15 + 32).
        case automatic
        /// Bare deflate data without header or checksum (window bits -15).
        case raw

        var windowBits: Int32 { self == .automatic ? 15 + 32 : -15 }
    }

    /// The data is not valid for the expected wrapper.
    struct Failure: Error {
        var code: Int32
    }

    /// Decoded bytes are handed out in pieces of at most this size.
    static let outputChunkSize = 64 << 10

    private let stream: UnsafeMutablePointer<z_stream>
    private let wrapper: Wrapper
    private var output: [UInt8]
    /// Whether the end of the compressed data was reached.
    private(set) var isFinished = false

    /// A new stream, or nil when zlib cannot allocate one.
    init?(wrapper: Wrapper) {
        self.wrapper = wrapper
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = [UInt8](repeating: 0, count: Self.outputChunkSize)
        guard loupe_inflateInit2(stream, wrapper.windowBits) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates `input`, calling `consume` with each piece of decoded output until it returns
    /// false (then the rest of `input` is ignored and the method returns false).
    ///
    /// After the end of a gzip member, a following member (concatenated gzip, RFC 1952 §2.2) is
    /// decoded too; any other trailing bytes are ignored.
    ///
    /// - Throws: ``Failure`` when the data is corrupt or not in the expected format.
    @discardableResult
    func inflate(_ input: UnsafeRawBufferPointer, consume: (UnsafeRawBufferPointer) -> Bool) throws(Failure) -> Bool {
        var remaining = input
        while !remaining.isEmpty {
            if isFinished {
                // Another gzip member may follow; anything else after the end is ignored.
                guard wrapper == .automatic, remaining.count >= 2, remaining[0] == 0x1F, remaining[1] == 0x8B else {
                    return true
                }
                inflateReset(stream)
                isFinished = false
            }
            // zlib counts input in 32-bit units.
            let piece = UnsafeRawBufferPointer(rebasing: remaining.prefix(1 << 30))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: piece.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(piece.count)
            repeat {
                let (status, produced) = output.withUnsafeMutableBytes { buffer -> (Int32, Int) in
                    stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_out = uInt(buffer.count)
                    let status = CLoupeZlib.inflate(stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.pointee.avail_out))
                }
                if produced > 0 {
                    let keepGoing = output.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
                    if !keepGoing { return false }
                }
                switch status {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    isFinished = true
                case Z_BUF_ERROR:
                    // No progress possible without more input: wait for the next chunk.
                    break
                default:
                    throw Failure(code: status)
                }
                break
            } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
            let consumed = piece.count - Int(stream.pointee.avail_in)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[(remaining.startIndex + consumed)...])
            if consumed == 0, !isFinished { return true }  // zlib wants more input than this
        }
        return true
    }
}
