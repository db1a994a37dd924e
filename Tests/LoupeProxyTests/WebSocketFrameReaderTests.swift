import Foundation
import LoupeCore
import NIOCore
import Testing
@testable import LoupeProxy

/// The side reader of a relayed WebSocket connection, fed frames built here byte by byte
/// (RFC 6455 §5.2): what it reports, in which pieces the bytes arrive, and what it refuses.
@Suite struct WebSocketFrameReaderTests {
    /// One frame: FIN and opcode, optional RSV1, the payload masked when `mask` is given.
    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv1: Bool = false,
                      mask: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case ..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard let mask else { return bytes + payload }
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    static func text(_ string: String, fin: Bool = true, mask: [UInt8]? = nil) -> [UInt8] {
        frame(0x1, Array(string.utf8), fin: fin, mask: mask)
    }

    /// Feeds `bytes` in pieces of `piece` bytes and collects the outputs.
    static func read(_ bytes: [UInt8], piece: Int = .max, reader: WebSocketFrameReader) -> [WebSocketFrameReader.Output] {
        stride(from: 0, to: bytes.count, by: max(1, min(piece, bytes.count))).flatMap { start in
            reader.read(ByteBuffer(bytes: bytes[start..<min(bytes.count, start + piece)]))
        }
    }

    static func messages(_ outputs: [WebSocketFrameReader.Output]) -> [WebSocketMessage] {
        outputs.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    @Test(arguments: [1, 3, 7, Int.max])
    func maskedAndUnmaskedMessagesArriveWholeWhateverTheChunking(piece: Int) {
        let reader = WebSocketFrameReader(direction: .up, limit: 1 << 20, deflate: false)
        let bytes = Self.text("hello", mask: [1, 2, 3, 4]) + Self.text("plain")
            + Self.frame(0x2, [0, 1, 2, 255], mask: [9, 9, 9, 9])
        let messages = Self.messages(Self.read(bytes, piece: piece, reader: reader))
        #expect(messages.map(\.text) == ["hello", "plain", nil])
        #expect(messages.map(\.opcode) == [.text, .text, .binary])
        #expect(messages.map(\.size) == [5, 5, 4])
        // SHA-256 of 00 01 02 ff (Python's hashlib).
        #expect(messages.last?.sha256 == "3d1f57c984978ef98a18378c8166c1cb8ede02c03eeb6aee7e2f121dfeee3e56")
        #expect(messages.allSatisfy { $0.direction == .up && !$0.truncated && !$0.compressed })
        #expect(reader.failure == nil)
    }

    @Test func fragmentsAreReassembledAroundControlFrames() {
        let reader = WebSocketFrameReader(direction: .down, limit: 1 << 20, deflate: false)
        let bytes = Self.text("frag-", fin: false) + Self.frame(0x9, Array("ping".utf8))
            + Self.frame(0x0, Array("ment".utf8), fin: false) + Self.frame(0xA, [])
            + Self.frame(0x0, Array("ed".utf8))
        let outputs = Self.read(bytes, piece: 2, reader: reader)
        #expect(outputs.count == 3)
        #expect(outputs.first == .ping)
        #expect(outputs.dropFirst().first == .pong)
        #expect(Self.messages(outputs).map(\.text) == ["frag-mented"])
    }

    @Test func closeFramesGiveTheirCodeAndReason() {
        let reader = WebSocketFrameReader(direction: .down, limit: 1 << 20, deflate: false)
        let outputs = Self.read(Self.frame(0x8, [0x0F, 0xA1] + Array("bye".utf8), mask: [5, 6, 7, 8]), reader: reader)
        #expect(outputs == [.close(code: 4001, reason: "bye")])
        #expect(Self.read(Self.frame(0x8, []), reader: WebSocketFrameReader(direction: .up, limit: 10, deflate: false))
                    == [.close(code: nil, reason: nil)])
    }

    @Test(arguments: [1000, 65_536])
    func aMessageLongerThanTheLimitKeepsItsStartAndItsSize(piece: Int) {
        let reader = WebSocketFrameReader(direction: .up, limit: 200, deflate: false)
        let long = String(repeating: "abcdefghij", count: 10_000)  // 100 000 bytes in one frame
        let bytes = Self.text(long, mask: [0xA, 0xB, 0xC, 0xD]) + Self.text("after")
        let messages = Self.messages(Self.read(bytes, piece: piece, reader: reader))
        #expect(messages.count == 2)
        #expect(messages.first?.text == String(long.prefix(200)))
        #expect(messages.first?.size == 100_000)
        #expect(messages.first?.truncated == true)
        #expect(messages.last?.text == "after")
        #expect(reader.failure == nil)
    }

    @Test func aMalformedFrameStopsTheReadingWithAReason() {
        let reader = WebSocketFrameReader(direction: .up, limit: 1 << 20, deflate: false)
        #expect(Self.messages(Self.read(Self.frame(0x3, [1, 2]) + Self.text("later"), reader: reader)).isEmpty)
        #expect(reader.failure?.contains("opcode 3 is reserved") == true)
        #expect(reader.read(ByteBuffer(bytes: Self.text("still ignored"))).isEmpty)

        let continuation = WebSocketFrameReader(direction: .down, limit: 100, deflate: false)
        _ = Self.read(Self.frame(0x0, [1]), reader: continuation)
        #expect(continuation.failure?.contains("continuation frame") == true)

        let compressed = WebSocketFrameReader(direction: .down, limit: 100, deflate: false)
        _ = Self.read(Self.frame(0x1, [1], rsv1: true), reader: compressed)
        #expect(compressed.failure?.contains("permessage-deflate was not negotiated") == true)

        let longControl = WebSocketFrameReader(direction: .down, limit: 1000, deflate: false)
        _ = Self.read(Self.frame(0x9, [UInt8](repeating: 0, count: 300)), reader: longControl)
        #expect(longControl.failure != nil)
    }

    @Test func compressedMessagesAreInflatedWithTheSharedWindow() {
        // "hello" deflated with a sync flush and its 00 00 ff ff tail removed (RFC 7692 §7.2.1),
        // then the same again, which refers back to the first through the shared window.
        // Bytes from Python's zlib (wbits -15, Z_SYNC_FLUSH).
        let first: [UInt8] = [0xCA, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        let second: [UInt8] = [0xCA, 0x00, 0x11, 0x00, 0x00]
        let reader = WebSocketFrameReader(direction: .down, limit: 100, deflate: true)
        let messages = Self.messages(Self.read(Self.frame(0x1, first, rsv1: true) + Self.frame(0x1, second, rsv1: true),
                                               reader: reader))
        #expect(messages.map(\.text) == ["hello", "hello"])
        #expect(messages.allSatisfy { $0.compressed })
        #expect(messages.map(\.size) == [5, 5])
    }
}
