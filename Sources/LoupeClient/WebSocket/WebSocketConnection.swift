import Foundation
import LoupeCore
import NIOCore
import WSClient

/// An open WebSocket connection handed to ``WebSocketClient/connect(_:)``'s body: what it sends
/// and receives is logged as it happens. Use it only inside that body.
public final class WebSocketConnection: @unchecked Sendable {
    // @unchecked: the body runs in one task and is documented as the only user; the iterator is
    // mutable state that never leaves it.

    /// A message received from the server.
    public enum Received: Sendable, Hashable {
        case text(String)
        case binary([UInt8])
    }

    private var inbound: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter
    private let log: ConnectionLog
    /// Whether ``close(code:reason:)`` was called, or the server's close ended the messages:
    /// either way the body's end needs no close of its own.
    private(set) var isClosing = false

    init(inbound: WebSocketInboundMessageStream, outbound: WebSocketOutboundWriter, log: ConnectionLog) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.log = log
    }

    /// Sends a text message.
    public func send(_ text: String) async throws {
        try await outbound.write(.text(text))
        await log.message(.up, opcode: .text, bytes: Array(text.utf8))
    }

    /// Sends a binary message.
    public func send(_ bytes: [UInt8]) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
        await log.message(.up, opcode: .binary, bytes: bytes)
    }

    /// The next message from the server, or nil once the connection closed.
    public func receive() async throws -> Received? {
        switch try await inbound.next() {
        case .text(let text):
            await log.message(.down, opcode: .text, bytes: Array(text.utf8))
            return .text(text)
        case .binary(let buffer):
            let bytes = Array(buffer.readableBytesView)
            await log.message(.down, opcode: .binary, bytes: bytes)
            return .binary(bytes)
        case nil:
            isClosing = true  // the server closed first
            return nil
        }
    }

    /// Starts the close handshake (1000, normal closure, unless another code is given).
    public func close(code: Int = 1000, reason: String? = nil) async throws {
        guard !isClosing else { return }
        isClosing = true
        await log.closing()
        try await outbound.close(.init(codeNumber: code), reason: reason)
    }
}
