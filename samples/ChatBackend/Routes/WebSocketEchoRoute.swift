import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import HummingbirdWSCompression
import Logging
import NIOCore

/// `GET /ws`: a WebSocket endpoint for the demo and the proxy's tests. Every text or binary
/// message comes straight back; the text `close` makes the server close the connection (1000,
/// "bye"). permessage-deflate is accepted when the client offers it.
enum WebSocketEchoRoute {
    static let path = "/ws"

    /// The HTTP/1.1 server with WebSocket upgrades on ``path``; every other request goes to the router.
    static func server() -> HTTPServerBuilder {
        .http1WebSocketUpgrade(configuration: .init(maxFrameSize: 1 << 22, extensions: [.perMessageDeflate(maxDecompressedFrameSize: 1 << 22)])) { request, _, _ in
            guard request.path == path else { return .dontUpgrade }
            return .upgrade([:]) { inbound, outbound, _ in
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    switch message {
                    case .text("close"):
                        try await outbound.close(.normalClosure, reason: "bye")
                        return
                    case .text(let text):
                        try await outbound.write(.text(text))
                    case .binary(let bytes):
                        try await outbound.write(.binary(bytes))
                    }
                }
            }
        }
    }
}
