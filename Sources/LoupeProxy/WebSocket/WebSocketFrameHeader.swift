import NIOCore

/// The lengths in a WebSocket frame's header (RFC 6455 §5.2), read at a frame boundary so a
/// frame too large to keep can be passed by without buffering it: NIO's decoder only produces
/// whole frames.
struct WebSocketFrameHeader: Equatable {
    /// The first byte: FIN, RSV1-3 and the opcode.
    var firstByte: UInt8
    /// The bytes of the header: 2, plus 2 or 8 for an extended length, plus 4 for a mask.
    var headerLength: Int
    var payloadLength: UInt64
    var maskKey: [UInt8]?

    var opcode: UInt8 { firstByte & 0x0F }
    var isFinal: Bool { firstByte & 0x80 != 0 }
    /// RSV1: the first frame of a compressed message under permessage-deflate (RFC 7692 §6).
    var isCompressed: Bool { firstByte & 0x40 != 0 }

    /// The header at the start of `bytes`, or nil when `bytes` does not hold all of it yet.
    static func parse(_ bytes: ByteBuffer) -> WebSocketFrameHeader? {
        let view = bytes.readableBytesView
        guard view.count >= 2 else { return nil }
        let first = view[view.startIndex], second = view[view.startIndex + 1]
        let masked = second & 0x80 != 0
        var length = UInt64(second & 0x7F)
        var headerLength = 2
        switch length {
        case 126:
            guard view.count >= 4 else { return nil }
            length = view[(view.startIndex + 2)..<(view.startIndex + 4)].reduce(0) { $0 << 8 | UInt64($1) }
            headerLength = 4
        case 127:
            guard view.count >= 10 else { return nil }
            length = view[(view.startIndex + 2)..<(view.startIndex + 10)].reduce(0) { $0 << 8 | UInt64($1) }
            headerLength = 10
        default:
            break
        }
        var maskKey: [UInt8]?
        if masked {
            guard view.count >= headerLength + 4 else { return nil }
            maskKey = Array(view[(view.startIndex + headerLength)..<(view.startIndex + headerLength + 4)])
            headerLength += 4
        }
        return WebSocketFrameHeader(firstByte: first, headerLength: headerLength, payloadLength: length, maskKey: maskKey)
    }
}
