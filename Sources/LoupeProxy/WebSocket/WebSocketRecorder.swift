import Foundation
import LoupeCore
import NIOCore

/// The log's view of one relayed WebSocket connection: both directions are read along
/// (``WebSocketFrameReader``), each data message is sent to the log as it completes, and when
/// both ends have closed the connection's counters and close are sent with the exchange's finish.
///
/// Lives on the connection's event loop, shared by its two ``TunnelGlueHandler``s.
final class WebSocketRecorder: RelayObserver {
    private let id: UUID
    private let sink: ProxyEventSink
    private let maxMessages: Int
    private let tls: TLSInfo?
    private let up: WebSocketFrameReader
    private let down: WebSocketFrameReader
    private var summary: WebSocketLog
    private var storedMessages = 0
    private var openSides = 2
    /// Which connection closed first.
    private var firstClosed: String?

    /// - Parameters:
    ///   - extensions: The `Sec-WebSocket-Extensions` the server accepted.
    ///   - tls: The exchange's TLS facts, logged with its finish.
    ///   - limit: The bytes of text kept per message (`--max-body`).
    init(id: UUID, sink: ProxyEventSink, extensions: String?, tls: TLSInfo?, limit: Int, maxMessages: Int) {
        self.id = id
        self.tls = tls
        self.sink = sink
        self.maxMessages = maxMessages
        let deflate = Self.acceptsDeflate(extensions)
        up = WebSocketFrameReader(direction: .up, limit: limit, deflate: deflate)
        down = WebSocketFrameReader(direction: .down, limit: limit, deflate: deflate)
        summary = WebSocketLog(extensions: extensions)
    }

    /// Whether the accepted extensions include permessage-deflate (RFC 7692 §5).
    static func acceptsDeflate(_ extensions: String?) -> Bool {
        guard let extensions else { return false }
        return extensions.split(separator: ",").contains { offer in
            offer.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "permessage-deflate"
        }
    }

    func observe(_ bytes: ByteBuffer, upload: Bool) {
        let reader = upload ? up : down
        for output in reader.read(bytes) {
            switch output {
            case .message(let message):
                if storedMessages < maxMessages, sink.send(.webSocket(id, message)) {
                    storedMessages += 1
                } else {
                    summary.droppedMessages += 1
                }
            case .ping:
                summary.pings += 1
            case .pong:
                summary.pongs += 1
            case .close(let code, let reason):
                if summary.close == nil { summary.close = WebSocketLog.Close(code: code, reason: reason, by: reader.direction) }
            }
        }
    }

    func sideClosed(client: Bool) {
        if firstClosed == nil { firstClosed = client ? "client" : "server" }
        openSides -= 1
        guard openSides == 0 else { return }
        summary.framingError = up.failure ?? down.failure
        var finish = ProxyLogCommand.Finish()
        finish.webSocket = summary
        finish.tls = tls
        if summary.close == nil {
            finish.error = EventError(kind: .connectionClosed,
                                      message: "The \(firstClosed ?? "server") closed the WebSocket connection without a close handshake.")
        }
        sink.send(.finish(id, finish))
    }
}
