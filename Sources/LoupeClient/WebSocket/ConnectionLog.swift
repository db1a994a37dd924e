import Crypto
import Foundation
import LoupeCore

/// The logged event of one ``WebSocketClient`` connection: recorded at the handshake, messages
/// appended as they pass, finished with the close. Does nothing without a logger.
actor ConnectionLog {
    private let logger: NetworkLogger?
    private var id: UUID?
    private var clientClosedFirst = false

    init(logger: NetworkLogger?) {
        self.logger = logger
    }

    func record(url: String, headers: [HTTPHeader]) async {
        guard let logger else { return }
        let event = await logger.record(NetworkEvent(
            source: .apiClient,
            request: CapturedRequest(method: "GET", url: url,
                                     headers: [HTTPHeader(name: "Upgrade", value: "websocket")] + headers)))
        id = event.id
    }

    /// The server accepted the upgrade.
    func opened() async {
        guard let logger, let id else { return }
        await logger.update(id: id) { event in
            event.response = CapturedResponse(status: 101, reason: "Switching Protocols")
            event.webSocket = event.webSocket ?? WebSocketLog()
            event.state = .streaming
        }
    }

    func message(_ direction: WebSocketMessage.Direction, opcode: WebSocketMessage.Opcode, bytes: [UInt8]) async {
        guard let logger, let id else { return }
        var message = WebSocketMessage(direction: direction, opcode: opcode, size: bytes.count)
        if opcode == .text {
            message.text = String(decoding: bytes, as: UTF8.self)
        } else {
            message.sha256 = SHA256.hash(data: bytes).lowercaseHex
        }
        await logger.appendWebSocket(id: id, message)
    }

    func closing() {
        clientClosedFirst = true
    }

    /// Logs the end: the close frame (`code`, `reason`) when there was one, or the failure.
    @discardableResult
    func finish(close: (code: Int, reason: String?)?, error: EventError?) async -> WebSocketLog.Close? {
        let closed = close.map { WebSocketLog.Close(code: $0.code, reason: $0.reason, by: clientClosedFirst ? .up : .down) }
        guard let logger, let id else { return closed }
        await logger.update(id: id) { event in
            if let closed { event.webSocket?.close = closed }
        }
        await logger.finish(id: id, error: error)
        return closed
    }
}
