import Foundation
import LoupeCore

/// `_grpc`: a gRPC call's messages and status (``GRPCLog``), with each message's time in seconds
/// since 1970 as HAR's other message lists (`_webSocketMessages`, `_eventStream`) have it.
public struct HARGRPC: Codable, Sendable, Hashable {
    /// One message: `type` is `send` (client to server) or `receive`, as in `_webSocketMessages`.
    public struct Message: Codable, Sendable, Hashable {
        public var type: String
        public var time: Double
        public var size: Int
        public var compressed: Bool
        public var sha256: String
    }

    public var messages: [Message]
    public var droppedMessages: Int
    public var status: Int?
    public var statusMessage: String?

    init(_ log: GRPCLog) {
        messages = log.messages.map {
            Message(type: $0.direction == .up ? "send" : "receive", time: $0.receivedAt.timeIntervalSince1970,
                    size: $0.size, compressed: $0.compressed, sha256: $0.sha256)
        }
        droppedMessages = log.droppedMessages
        status = log.status
        statusMessage = log.statusMessage
    }

    /// The log this member describes.
    var log: GRPCLog {
        GRPCLog(messages: messages.map {
                    GRPCMessage(direction: $0.type == "send" ? .up : .down, receivedAt: Date(timeIntervalSince1970: $0.time),
                                size: $0.size, compressed: $0.compressed, sha256: $0.sha256)
                },
                droppedMessages: droppedMessages, status: status, statusMessage: statusMessage)
    }
}
