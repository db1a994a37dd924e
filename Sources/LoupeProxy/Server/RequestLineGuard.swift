import NIOCore

/// Refuses an HTTP/0.9-style request line (`GET /` and a line break, no version) the moment the
/// line ends, instead of letting NIO's parser wait for header lines that never come.
///
/// Sits in front of the request decoder and only reads along: bytes pass on unchanged as they
/// arrive. Once the first line of the connection has ended with a version (`GET / HTTP/1.1`), it
/// leaves the pipeline; a line without one raises ``HTTP09RequestLine`` for the connection
/// handler to answer 400 and close. Later requests on a kept-alive connection are not checked.
final class RequestLineGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The first request line had no HTTP version.
    struct HTTP09RequestLine: Error {}

    /// How much of a line is read before deciding; NIO's own limits apply beyond.
    private static let lineLimit = 8 * 1024
    private var line: [UInt8] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var rest = unwrapInboundIn(data).readableBytesView[...]
        while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
            line.append(contentsOf: rest[..<end].prefix(max(0, Self.lineLimit - line.count)))
            rest = rest[(end + 1)...]
            // Empty lines before the request line are ignored (RFC 9112 §2.2).
            if line.isEmpty || line == [UInt8(ascii: "\r")] {
                line.removeAll()
                continue
            }
            if Self.hasVersion(line) {
                context.fireChannelRead(data)
            } else {
                context.fireErrorCaught(HTTP09RequestLine())
            }
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
            return
        }
        line.append(contentsOf: rest.prefix(max(0, Self.lineLimit - line.count)))
        context.fireChannelRead(data)
        // A line this long is left to the decoder's own limits.
        if line.count >= Self.lineLimit { context.pipeline.syncOperations.removeHandler(self, promise: nil) }
    }

    /// Whether a request line (without its line break) ends in ` HTTP/…`.
    static func hasVersion(_ line: [UInt8]) -> Bool {
        var text = line[...]
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        guard let space = text.lastIndex(of: UInt8(ascii: " ")) else { return false }
        return text[(space + 1)...].starts(with: Array("HTTP/".utf8))
    }
}
