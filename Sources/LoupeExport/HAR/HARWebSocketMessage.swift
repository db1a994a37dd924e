import Crypto
import Foundation
import LoupeCore

/// One WebSocket message in `_webSocketMessages`, the shape Chrome DevTools writes and reads:
/// `type` (`send` or `receive`), `time` in seconds since 1970, `opcode` (1 text, 2 binary) and
/// `data` (the text, or base64 for binary). Loupe never keeps binary payloads, so its binary
/// messages have empty `data` and the size and digest in `_size` and `_sha256`.
public struct HARWebSocketMessage: Codable, Sendable, Hashable {
    public var type: String
    public var time: Double
    public var opcode: Int
    public var data: String
    public var size: Int?
    public var sha256: String?
    public var truncated: Bool?
    public var compressed: Bool?

    private enum CodingKeys: String, CodingKey {
        case type, time, opcode, data
        case size = "_size", sha256 = "_sha256", truncated = "_truncated", compressed = "_compressed"
    }

    /// The HAR form of a logged message.
    public init(_ message: WebSocketMessage) {
        type = message.direction == .up ? "send" : "receive"
        time = message.receivedAt.timeIntervalSince1970
        opcode = message.opcode.number
        data = message.text ?? ""
        size = message.size
        sha256 = message.sha256
        truncated = message.truncated ? true : nil
        compressed = message.compressed ? true : nil
    }

    /// The logged form, or nil for a control frame (Chrome writes only data messages, but other
    /// tools may not). A binary payload from another tool is reduced to its size and digest.
    var message: WebSocketMessage? {
        guard opcode == 1 || opcode == 2 else { return nil }
        let direction: WebSocketMessage.Direction = type == "send" ? .up : .down
        let receivedAt = Date(timeIntervalSince1970: time)
        if opcode == 1 {
            return WebSocketMessage(direction: direction, receivedAt: receivedAt, opcode: .text,
                                    size: size ?? data.utf8.count, text: data, truncated: truncated ?? false,
                                    compressed: compressed ?? false)
        }
        var digest = sha256
        var byteCount = size ?? 0
        if digest == nil, let bytes = Data(base64Encoded: data) {
            digest = SHA256.hash(data: bytes).lowercaseHex
            byteCount = bytes.count
        }
        return WebSocketMessage(direction: direction, receivedAt: receivedAt, opcode: .binary, size: byteCount,
                                sha256: digest, truncated: truncated ?? false, compressed: compressed ?? false)
    }
}

/// `_webSocket`: what Loupe counted on a WebSocket connection besides its messages.
public struct HARWebSocket: Codable, Sendable, Hashable {
    public var pings: Int
    public var pongs: Int
    public var droppedMessages: Int
    public var close: WebSocketLog.Close?
    public var extensions: String?
    public var framingError: String?

    init(_ log: WebSocketLog) {
        pings = log.pings
        pongs = log.pongs
        droppedMessages = log.droppedMessages
        close = log.close
        extensions = log.extensions
        framingError = log.framingError
    }

    /// The log these counters and `messages` make.
    func log(messages: [WebSocketMessage]) -> WebSocketLog {
        WebSocketLog(messages: messages, pings: pings, pongs: pongs, droppedMessages: droppedMessages, close: close,
                     extensions: extensions, framingError: framingError)
    }
}
