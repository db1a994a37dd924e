import Foundation

/// One length-prefixed gRPC message (the gRPC over HTTP/2 protocol's `Length-Prefixed-Message`)
/// seen in a request or response body, as stored on ``NetworkEvent/grpc``.
///
/// Its bytes are a serialized message that only the service's schema can decode, so only its
/// size, flag and digest are kept.
///
/// JSON shape: `{"direction", "receivedAt", "size", "compressed", "sha256"}`.
public struct GRPCMessage: Codable, Sendable, Hashable {
    /// `up` for a request message (client to server), `down` for a response message.
    public typealias Direction = WebSocketMessage.Direction

    public var direction: Direction
    /// When the message's last byte arrived.
    public var receivedAt: Date
    /// The message's length as its prefix gives it (compressed bytes when ``compressed``).
    public var size: Int
    /// The prefix's Compressed-Flag: the bytes are in the call's `grpc-encoding`.
    public var compressed: Bool
    /// Lower-case hex SHA-256 of the message bytes as sent.
    public var sha256: String

    public init(direction: Direction, receivedAt: Date = Date(), size: Int, compressed: Bool, sha256: String) {
        self.direction = direction
        self.receivedAt = receivedAt
        self.size = size
        self.compressed = compressed
        self.sha256 = sha256
    }
}
