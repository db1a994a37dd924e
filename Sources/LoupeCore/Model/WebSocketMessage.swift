import Foundation

/// One WebSocket data message (RFC 6455 §5.6) seen on a connection, reassembled from its frames,
/// as stored on ``NetworkEvent/webSocket``.
///
/// Text messages keep their (redacted, possibly truncated) text; binary messages keep only their
/// size and the SHA-256 digest of their bytes.
///
/// JSON shape: `{"direction", "receivedAt", "opcode", "size", "text" | "sha256", "truncated",
/// "compressed"}`.
public struct WebSocketMessage: Codable, Sendable, Hashable {
    /// Which way a message went.
    public enum Direction: String, Codable, Sendable, Hashable, CaseIterable {
        /// From the client to the server.
        case up
        /// From the server to the client.
        case down
    }

    /// The kind of a data message.
    public enum Opcode: String, Codable, Sendable, Hashable, CaseIterable {
        case text
        case binary

        /// The opcode's number on the wire and in Chrome's HAR (`1` text, `2` binary).
        public var number: Int { self == .text ? 1 : 2 }
    }

    public var direction: Direction
    /// When the message's last frame arrived.
    public var receivedAt: Date
    public var opcode: Opcode
    /// The payload size in bytes, after permessage-deflate decoding when it was compressed.
    public var size: Int
    /// A text message's content, redacted; nil for a binary message.
    public var text: String?
    /// Lower-case hex SHA-256 of a binary message's payload; nil for text.
    public var sha256: String?
    /// Whether ``text`` (or the digest) covers only a prefix of the message (capture limit).
    public var truncated: Bool
    /// Whether the message was compressed on the wire (permessage-deflate).
    public var compressed: Bool

    public init(direction: Direction, receivedAt: Date = Date(), opcode: Opcode, size: Int, text: String? = nil,
                sha256: String? = nil, truncated: Bool = false, compressed: Bool = false) {
        self.direction = direction
        self.receivedAt = receivedAt
        self.opcode = opcode
        self.size = size
        self.text = text
        self.sha256 = sha256
        self.truncated = truncated
        self.compressed = compressed
    }

    private enum CodingKeys: String, CodingKey {
        case direction, receivedAt, opcode, size, text, sha256, truncated, compressed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        direction = try container.decode(Direction.self, forKey: .direction)
        receivedAt = try container.decode(Date.self, forKey: .receivedAt)
        opcode = try container.decode(Opcode.self, forKey: .opcode)
        size = try container.decode(Int.self, forKey: .size)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
        truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        compressed = try container.decodeIfPresent(Bool.self, forKey: .compressed) ?? false
    }
}
