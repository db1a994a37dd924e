import NIOCore
import NIOSSL

/// Reads the cipher suite a TLS connection negotiated from the server's ServerHello as it crosses
/// the wire, since swift-nio-ssl does not expose the negotiated suite.
///
/// Sits between the socket and the `NIOSSLHandler`: on the proxy's server side it watches what
/// Loupe writes (`.written`), on an upstream connection what the server sends (`.read`). The
/// ServerHello is the server's first handshake message, in clear text in every TLS version
/// (RFC 8446 §4.1.3, RFC 5246 §7.4.1.3); a HelloRetryRequest names the same suite as the final
/// ServerHello. Once found, or once the bytes show there is none to find, the observer only
/// passes data along.
final class CipherSuiteObserver: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Which direction carries the server's handshake.
    enum Direction {
        /// Loupe is the TLS server: the ServerHello is written.
        case written
        /// Loupe is the TLS client: the ServerHello is read.
        case read
    }

    /// What ``parse(_:)`` made of the bytes so far.
    enum Parse: Equatable {
        case cipherSuite(UInt16)
        case needMoreBytes
        case noServerHello
    }

    /// The negotiated suite, `TLS_AES_128_GCM_SHA256` style, once the ServerHello has passed.
    private(set) var cipherSuite: String?

    private let direction: Direction
    private var pending: ByteBuffer?
    private var watching = true

    /// More than a ServerHello's first record needs to reach its cipher suite (at most 78 bytes).
    private static let byteLimit = 1024

    init(direction: Direction) {
        self.direction = direction
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if watching, direction == .read { observe(unwrapInboundIn(data)) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if watching, direction == .written { observe(unwrapOutboundIn(data)) }
        context.write(data, promise: promise)
    }

    private func observe(_ bytes: ByteBuffer) {
        var seen = bytes
        if var earlier = pending {
            earlier.writeImmutableBuffer(bytes)
            seen = earlier
        }
        switch Self.parse(seen) {
        case .cipherSuite(let value):
            cipherSuite = NIOTLSCipher(rawValue: value).loggedName
            stopWatching()
        case .noServerHello:
            stopWatching()
        case .needMoreBytes:
            if seen.readableBytes > Self.byteLimit { stopWatching() } else { pending = seen }
        }
    }

    private func stopWatching() {
        watching = false
        pending = nil
    }

    /// Finds the cipher suite in the first TLS record of `bytes`, which must start at a record.
    static func parse(_ bytes: ByteBuffer) -> Parse {
        var reader = bytes
        // Record header: content type 22 (handshake), version, length.
        guard let contentType = reader.readInteger(as: UInt8.self) else { return .needMoreBytes }
        guard contentType == 22 else { return .noServerHello }
        guard reader.readInteger(as: UInt16.self) != nil, let recordLength = reader.readInteger(as: UInt16.self),
              let messageType = reader.readInteger(as: UInt8.self)
        else { return .needMoreBytes }
        guard messageType == 2 else { return .noServerHello }  // 2: ServerHello
        // Handshake length (3 bytes), legacy version (2), random (32), then the session id.
        guard reader.readableBytes >= 3 + 2 + 32 + 1 else { return .needMoreBytes }
        reader.moveReaderIndex(forwardBy: 3 + 2 + 32)
        let sessionIDLength = Int(reader.readInteger(as: UInt8.self)!)
        // A ServerHello split over records (which servers do not do) is not followed.
        guard sessionIDLength <= 32, Int(recordLength) >= 4 + 2 + 32 + 1 + sessionIDLength + 2 else { return .noServerHello }
        guard reader.readableBytes >= sessionIDLength + 2 else { return .needMoreBytes }
        reader.moveReaderIndex(forwardBy: sessionIDLength)
        return .cipherSuite(reader.readInteger(as: UInt16.self)!)
    }
}
