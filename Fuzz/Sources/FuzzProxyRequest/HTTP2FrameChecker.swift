/// Reads what the proxy wrote to a client that opened with the HTTP/2 preface as a sequence of
/// HTTP/2 frames (RFC 9113 §4.1) and says what, if anything, is not well-formed: the first frame
/// not SETTINGS, a frame cut short, a frame on stream 0 that must be on a stream or the reverse.
enum HTTP2FrameChecker {
    /// Nil when `bytes` is zero or more whole, well-placed frames starting with SETTINGS.
    static func problem(in bytes: [UInt8]) -> String? {
        var position = 0
        var first = true
        while position < bytes.count {
            guard position + 9 <= bytes.count else { return "a frame header cut short at byte \(position)" }
            let length = Int(bytes[position]) << 16 | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2])
            let type = bytes[position + 3]
            let stream = (UInt32(bytes[position + 5]) << 24 | UInt32(bytes[position + 6]) << 16
                | UInt32(bytes[position + 7]) << 8 | UInt32(bytes[position + 8])) & 0x7FFF_FFFF
            if first, type != 4 { return "the first frame is of type \(type), not SETTINGS" }
            first = false
            switch type {
            case 0, 1, 2, 3, 5, 9:  // DATA, HEADERS, PRIORITY, RST_STREAM, PUSH_PROMISE, CONTINUATION
                if stream == 0 { return "a frame of type \(type) on stream 0 at byte \(position)" }
            case 4, 6, 7:  // SETTINGS, PING, GOAWAY
                if stream != 0 { return "a frame of type \(type) on stream \(stream) at byte \(position)" }
            default:
                break
            }
            guard position + 9 + length <= bytes.count else { return "a frame of \(length) bytes cut short at byte \(position)" }
            position += 9 + length
        }
        return nil
    }
}
