import CLoupeZlib

/// A zlib inflate stream over chunks: gzip, zlib-wrapped deflate or raw deflate, with the
/// decoded output handed out piece by piece so the caller can stop at any size.
///
/// A class because zlib keeps a pointer back to its `z_stream` and checks it on every call: the
/// stream must stay at one address for its whole life.
package final class Inflater {
    /// The wrapper zlib should expect.
    package enum Wrapper {
        /// gzip or zlib, detected from the header (window bits 15 + 32).
        case automatic
        /// Bare deflate data without header or checksum (window bits -15).
        case raw

        var windowBits: Int32 { self == .automatic ? 15 + 32 : -15 }
    }

    /// The data is not valid for the expected wrapper.
    package struct Failure: Error {
        var code: Int32
    }

    /// Decoded bytes are handed out in pieces of at most this size.
    static let outputChunkSize = 64 << 10

    private let stream: UnsafeMutablePointer<z_stream>
    private let wrapper: Wrapper
    private var output: [UInt8]
    /// Whether the end of the compressed data was reached.
    package private(set) var isFinished = false
    /// After the end: a chunk ended with 0x1F, which may be the first byte of another gzip member.
    private var holdsMemberStart = false
    /// After the end: the bytes that followed were not another gzip member, so everything up to
    /// the end of the body is ignored, whatever chunks it arrives in.
    private var ignoresRest = false

    /// A new stream, or nil when zlib cannot allocate one.
    package init?(wrapper: Wrapper) {
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
    /// decoded too, even when its two magic bytes arrive in different chunks; any other trailing
    /// bytes are ignored, and so is everything after them (a `1F 8B` further on that happens to
    /// start a chunk is not a member).
    ///
    /// - Throws: ``Failure`` when the data is corrupt or not in the expected format.
    @discardableResult
    package func inflate(_ input: UnsafeRawBufferPointer, consume: (UnsafeRawBufferPointer) -> Bool) throws(Failure) -> Bool {
        var remaining = input
        while !remaining.isEmpty {
            if isFinished {
                guard wrapper == .automatic, !ignoresRest else { return true }
                if holdsMemberStart {
                    // The previous chunk ended with 0x1F: a member starts if this one goes on with 0x8B.
                    holdsMemberStart = false
                    guard remaining[0] == 0x8B else {
                        ignoresRest = true
                        return true
                    }
                    inflateReset(stream)
                    isFinished = false
                    // `withUnsafeBytes` rethrows untyped errors, so the failure is carried out by hand.
                    var failure: Failure?
                    let goOn = [UInt8(0x1F)].withUnsafeBytes { byte in
                        do throws(Failure) {
                            return try inflate(byte, consume: consume)
                        } catch {
                            failure = error
                            return false
                        }
                    }
                    if let failure { throw failure }
                    if !goOn { return false }
                    continue
                }
                guard remaining[0] == 0x1F, remaining.count < 2 || remaining[1] == 0x8B else {
                    ignoresRest = true
                    return true
                }
                if remaining.count < 2 {
                    holdsMemberStart = true
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
