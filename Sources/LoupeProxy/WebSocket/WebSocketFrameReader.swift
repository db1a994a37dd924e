import Crypto
import Foundation
import LoupeCore
import LoupeRedaction
import NIOCore
import NIOEmbedded
import NIOWebSocket

/// Reads one direction of a relayed WebSocket connection along, as a side copy: frames are
/// decoded by NIO's `WebSocketFrameDecoder`, fragmented messages reassembled, permessage-deflate
/// inflated for the log, and control frames reported. The relayed bytes are never touched.
///
/// Memory stays bounded by the capture limit: a frame longer than it is never handed to the
/// decoder (which only produces whole frames) but passed by as it streams, its header read by
/// ``WebSocketFrameHeader``; a message keeps at most the limit of its text. A malformed frame
/// stops the reading (``failure``), not the relay.
final class WebSocketFrameReader {
    /// What one piece of traffic completed.
    enum Output: Equatable {
        case message(WebSocketMessage)
        case ping
        case pong
        case close(code: Int?, reason: String?)
    }

    let direction: WebSocketMessage.Direction
    /// Why reading stopped, once it did.
    private(set) var failure: String?

    /// Where the reader is in the byte stream.
    private enum Position {
        /// Between frames: the next frame's header bytes gather in ``header``.
        case boundary
        /// Inside a frame the decoder is reading: this many of its bytes are still to come.
        case decoding(remaining: Int)
        /// Inside a frame too long to decode: its payload is taken as it streams.
        case passing(remaining: UInt64, header: WebSocketFrameHeader, offset: Int)
        case failed
    }

    /// A data message whose frames are still arriving.
    private struct PartialMessage {
        var opcode: WebSocketMessage.Opcode
        var compressed: Bool
        var size = 0
        var kept: [UInt8] = []
        var truncated = false
        var hasher = SHA256()
    }

    private let limit: Int
    /// Frames up to this payload size are decoded whole; at least 125, the longest control frame.
    private let frameLimit: Int
    private let deflate: Bool
    private var position = Position.boundary
    private var header = ByteBuffer()
    private let decoder: EmbeddedChannel
    private var message: PartialMessage?
    private var inflater: Inflater?
    /// A compressed message could not be inflated: later ones share its window and cannot be either.
    private var inflaterBroken = false

    /// - Parameters:
    ///   - limit: The bytes of a message's text kept for the log (`--max-body`).
    ///   - deflate: Whether the server accepted permessage-deflate (RFC 7692).
    init(direction: WebSocketMessage.Direction, limit: Int, deflate: Bool) {
        self.direction = direction
        self.limit = max(0, limit)
        frameLimit = max(125, limit)
        self.deflate = deflate
        decoder = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: frameLimit)))
    }

    deinit {
        _ = try? decoder.finish(acceptAlreadyClosed: true)
    }

    /// Reads `bytes`, the next bytes of this direction, and returns what they completed.
    func read(_ bytes: ByteBuffer) -> [Output] {
        var bytes = bytes
        var outputs: [Output] = []
        do {
            while bytes.readableBytes > 0 {
                switch position {
                case .failed:
                    return outputs
                case .boundary:
                    try readHeader(from: &bytes, into: &outputs)
                case .decoding(let remaining):
                    let slice = bytes.readSlice(length: min(remaining, bytes.readableBytes))!
                    position = remaining == slice.readableBytes ? .boundary : .decoding(remaining: remaining - slice.readableBytes)
                    try decode(slice, into: &outputs)
                case .passing(let remaining, let frame, let offset):
                    let count = Int(min(remaining, UInt64(bytes.readableBytes)))
                    var slice = bytes.readSlice(length: count)!
                    if let key = frame.maskKey, let maskKey = WebSocketMaskingKey(key) {
                        slice.webSocketUnmask(maskKey, indexOffset: offset)
                    }
                    take(slice)
                    let left = remaining - UInt64(count)
                    position = left == 0 ? .boundary : .passing(remaining: left, header: frame, offset: offset + count)
                    if left == 0, frame.isFinal { outputs.append(try finishMessage()) }
                }
            }
        } catch let error as ReadError {
            fail(error.message)
        } catch {
            fail("The frame could not be decoded (\(error)).")
        }
        return outputs
    }

    private struct ReadError: Error {
        var message: String
    }

    private func fail(_ message: String) {
        failure = "The \(direction == .up ? "client" : "server") sent a malformed WebSocket frame: \(message) Later frames of this direction were relayed but not read."
        position = .failed
        self.message = nil
    }

    /// Gathers a header at a frame boundary; once it is whole, decides how the frame is read.
    private func readHeader(from bytes: inout ByteBuffer, into outputs: inout [Output]) throws {
        // Take at most the longest header's bytes, so the payload is not copied here.
        let wanted = 14 - header.readableBytes
        var piece = bytes.readSlice(length: min(wanted, bytes.readableBytes))!
        header.writeBuffer(&piece)
        guard let frame = WebSocketFrameHeader.parse(header) else { return }
        // What was taken past the header belongs to the payload: give it back.
        let surplus = header.readableBytes - frame.headerLength
        bytes.moveReaderIndex(to: bytes.readerIndex - surplus)
        header.moveWriterIndex(to: header.writerIndex - surplus)
        var headerBytes = header
        header.clear()
        if frame.payloadLength <= UInt64(frameLimit) {
            position = frame.payloadLength == 0 ? .boundary : .decoding(remaining: Int(frame.payloadLength))
            try decode(headerBytes.readSlice(length: headerBytes.readableBytes)!, into: &outputs)
            return
        }
        guard frame.opcode < 0x8 else { throw ReadError(message: "a control frame is longer than 125 bytes.") }
        // Too long to decode whole: a data frame, taken as it streams.
        try begin(opcode: frame.opcode, compressed: frame.isCompressed)
        position = .passing(remaining: frame.payloadLength, header: frame, offset: 0)
    }

    /// Hands bytes of a frame within the limit to NIO's decoder and takes the frames it completes.
    private func decode(_ bytes: ByteBuffer, into outputs: inout [Output]) throws {
        try decoder.writeInbound(bytes)
        while let frame = try decoder.readInbound(as: WebSocketFrame.self) {
            try take(frame, into: &outputs)
        }
    }

    private func take(_ frame: WebSocketFrame, into outputs: inout [Output]) throws {
        switch frame.opcode {
        case .ping:
            outputs.append(.ping)
        case .pong:
            outputs.append(.pong)
        case .connectionClose:
            var payload = frame.unmaskedData
            let code = payload.readInteger(as: UInt16.self).map(Int.init)
            let reason = payload.readString(length: payload.readableBytes).flatMap { $0.isEmpty ? nil : $0 }
            outputs.append(.close(code: code, reason: reason))
        default:
            try begin(opcode: UInt8(webSocketOpcode: frame.opcode), compressed: frame.rsv1)
            take(frame.unmaskedData)
            if frame.fin { outputs.append(try finishMessage()) }
        }
    }

    /// Starts a message at a data frame's header, or checks that a continuation has one to continue.
    private func begin(opcode: UInt8, compressed: Bool) throws {
        switch opcode {
        case 0x0:
            guard message != nil else { throw ReadError(message: "a continuation frame arrived with no message to continue.") }
        case 0x1, 0x2:
            guard message == nil else { throw ReadError(message: "a new message began before the previous one's final frame.") }
            guard !compressed || deflate else {
                throw ReadError(message: "a frame has RSV1 set, but permessage-deflate was not negotiated.")
            }
            message = PartialMessage(opcode: opcode == 0x1 ? .text : .binary, compressed: compressed)
            if compressed, inflater == nil, !inflaterBroken { inflater = Inflater(wrapper: .raw) }
        default:
            throw ReadError(message: "opcode \(opcode) is reserved.")
        }
    }

    /// Takes payload bytes of the current message (unmasked): inflated first when compressed.
    private func take(_ payload: ByteBuffer) {
        guard message != nil else { return }
        payload.withUnsafeReadableBytes { bytes in
            if message!.compressed {
                inflate(bytes)
            } else {
                keep(bytes)
            }
        }
    }

    private func inflate(_ compressed: UnsafeRawBufferPointer) {
        guard let inflater, !inflaterBroken else {
            message?.truncated = true
            return
        }
        do {
            try inflater.inflate(compressed) { decoded in
                keep(decoded)
                return true
            }
        } catch {
            inflaterBroken = true
            self.inflater = nil
            message?.truncated = true
        }
    }

    /// Counts, digests and keeps (up to the limit) decoded payload bytes.
    private func keep(_ bytes: UnsafeRawBufferPointer) {
        message!.size += bytes.count
        guard message!.opcode == .text else {
            message!.hasher.update(bufferPointer: bytes)  // a binary message keeps only its digest
            return
        }
        let room = limit - message!.kept.count
        if bytes.count > room { message!.truncated = true }
        if room > 0 { message!.kept.append(contentsOf: bytes.prefix(room)) }
    }

    /// The message whose final frame was just taken.
    private func finishMessage() throws -> Output {
        if message?.compressed == true {
            // RFC 7692 §7.2.2: the sender removed this empty block's tail; put it back.
            Self.deflateTail.withUnsafeBytes { inflate($0) }
            if inflater?.isFinished == true { inflater = nil }
        }
        guard let message else { throw ReadError(message: "a final frame arrived with no message.") }
        self.message = nil
        let isText = message.opcode == .text
        return .message(WebSocketMessage(
            direction: direction, receivedAt: Date(), opcode: message.opcode, size: message.size,
            text: isText ? String(decoding: message.kept, as: UTF8.self) : nil,
            sha256: !isText && !message.truncated ? message.hasher.finalize().lowercaseHex : nil,
            truncated: message.truncated, compressed: message.compressed))
    }

    private static let deflateTail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
}
