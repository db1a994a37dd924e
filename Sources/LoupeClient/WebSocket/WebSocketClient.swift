import Foundation
import HTTPTypes
import Logging
import LoupeCore
import NIOCore
import NIOSSL
import WSClient
import WSCompression

/// A WebSocket client that logs its connection to a ``NetworkLogger`` the way ``SSEClient`` logs
/// a stream: one event per connection (`GET` and `101`), every message sent and received appended
/// as it goes (redacted by the logger), and the close when it ends. Built on swift-websocket's
/// client, with permessage-deflate.
///
/// ```swift
/// let client = WebSocketClient(url: "ws://127.0.0.1:8080/ws", networkLogger: logger)
/// try await client.connect { socket in
///     try await socket.send("hello")
///     let reply = try await socket.receive()
/// }
/// ```
public struct WebSocketClient: Sendable {
    /// Connection settings; the defaults suit most servers.
    public struct Configuration: Sendable {
        /// The largest message received, in bytes; a larger one closes the connection (1009).
        public var maxMessageSize: Int = 1 << 22
        /// Offer permessage-deflate (RFC 7692).
        public var compression: Bool = true
        /// Extra request headers for the handshake (an `Authorization`, say); logged redacted.
        public var headers: [HTTPHeader] = []
        /// TLS settings for `wss://`; the system's trust store when nil.
        public var tls: TLSConfiguration?

        public init() {}
    }

    public let url: String
    public let configuration: Configuration
    public let networkLogger: NetworkLogger?
    private let logger: Logger

    public init(url: String, configuration: Configuration = Configuration(), networkLogger: NetworkLogger? = nil,
                logger: Logger = Logger(label: "loupe.websocket-client")) {
        self.url = url
        self.configuration = configuration
        self.networkLogger = networkLogger
        self.logger = logger
    }

    /// Opens the connection, runs `body` with it, and closes it (1000, normal closure, unless
    /// `body` closed it or the server did). Returns how the connection closed.
    ///
    /// - Throws: ``WebSocketClientFailure`` when the connection or handshake fails, or what `body` threw.
    @discardableResult
    public func connect(_ body: @escaping @Sendable (WebSocketConnection) async throws -> Void) async throws
        -> WebSocketLog.Close?
    {
        let log = ConnectionLog(logger: networkLogger)
        await log.record(url: url, headers: configuration.headers)
        let settings = WebSocketClientConfiguration(
            maxFrameSize: configuration.maxMessageSize, additionalHeaders: Self.fields(configuration.headers),
            extensions: configuration.compression
                ? [.perMessageDeflate(maxDecompressedFrameSize: configuration.maxMessageSize)] : [])
        let maxMessageSize = configuration.maxMessageSize
        let client = WSClient.WebSocketClient(url: url, configuration: settings, tlsConfiguration: configuration.tls,
                                              logger: logger) { inbound, outbound, _ in
            await log.opened()
            let connection = WebSocketConnection(inbound: inbound.messages(maxSize: maxMessageSize), outbound: outbound, log: log)
            try await body(connection)
            try await connection.close()
        }
        do {
            let frame = try await client.run()
            return await log.finish(close: frame.map { (Int(UInt16(webSocketErrorCode: $0.closeCode)), $0.reason) }, error: nil)
        } catch {
            let failure = WebSocketClientFailure(url: url, underlying: error)
            await log.finish(close: nil, error: EventError(kind: .connectionClosed, message: failure.description))
            throw failure
        }
    }

    private static func fields(_ headers: [HTTPHeader]) -> HTTPFields {
        var fields = HTTPFields()
        for header in headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return fields
    }
}

/// Why a WebSocket connection could not be made or broke, said as a sentence without the URL's
/// query (which may hold a token).
public struct WebSocketClientFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(url: String, underlying: any Error) {
        let shown = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        description = "The WebSocket connection to \(shown) failed: \(underlying)."
    }
}
