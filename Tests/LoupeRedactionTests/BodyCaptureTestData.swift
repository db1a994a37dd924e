import CLoupeZlib

/// Compressed test bodies made with zlib's own deflate, so the decoder is checked against the
/// real thing rather than against fixtures of unknown origin.
enum BodyCaptureTestData {
    enum Wrapper {
        case gzip, zlib, raw

        var windowBits: Int32 {
            switch self {
            case .gzip: 15 + 16
            case .zlib: 15
            case .raw: -15
            }
        }
    }

    /// `bytes` deflated with the given wrapper.
    static func compress(_ bytes: [UInt8], wrapper: Wrapper, level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(&stream, level, Z_DEFLATED, wrapper.windowBits, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish: \(result)")
                return outputBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }
}
