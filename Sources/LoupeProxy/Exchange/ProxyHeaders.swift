import LoupeCore
import NIOHTTP1

/// The intermediary rules of RFC 9110 §7.6 and RFC 9112 applied to header sections that pass
/// through the proxy.
enum ProxyHeaders {
    /// Hop-by-hop fields, never forwarded (RFC 9110 §7.6.1; `Proxy-Connection` and `Keep-Alive`
    /// are the legacy ones clients still send).
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "proxy-authorization", "proxy-authenticate",
    ]

    private static let hopByHopList = Array(hopByHop)

    /// The `Via` entry this proxy adds.
    static let via = "1.1 loupe"

    /// How a message body is delimited on the wire.
    enum Framing: Equatable {
        case none
        case contentLength(Int)
        case chunked
        /// A response without length that ends when the connection closes.
        case untilClose
    }

    /// Why a request's framing is refused with 400.
    enum FramingError: Error, Equatable {
        case conflictingLengths
        case badContentLength
        case unknownTransferCoding
    }

    /// Removes hop-by-hop fields and every field named in `Connection`, then adds `Via`.
    /// Returns whether the sender asked to close the connection.
    @discardableResult
    static func stripHopByHop(_ headers: inout HTTPHeaders) -> Bool {
        // One pass finds the hop-by-hop fields present, usually none: removing each of the nine
        // names unconditionally walked the whole header list nine times per message, about 4 %
        // of a proxied request's CPU.
        var present: [String] = []
        for header in headers where isHopByHop(header.name) { present.append(header.name) }
        var close = false
        if !present.isEmpty {
            var named: [String] = []
            for value in headers[canonicalForm: "connection"] {
                let token = value.lowercased()
                if token == "close" { close = true } else if token != "keep-alive" { named.append(token) }
            }
            for name in present + named { headers.remove(name: name) }
        }
        headers.add(name: "via", value: via)
        return close
    }

    /// Whether the message is gRPC (`application/grpc`, `application/grpc+proto` …).
    static func isGRPC(_ headers: HTTPHeaders) -> Bool {
        headers.first(name: "content-type")?.lowercased().hasPrefix("application/grpc") ?? false
    }

    /// Removes a gRPC status (`grpc-status`, `grpc-message`, `grpc-status-details-bin`) from
    /// `headers` and returns it as a trailer section, or nil when there is none.
    static func takeGRPCStatus(from headers: inout HTTPHeaders) -> HTTPHeaders? {
        guard headers.contains(name: "grpc-status") else { return nil }
        var trailers = HTTPHeaders()
        for name in ["grpc-status", "grpc-message", "grpc-status-details-bin"] {
            for value in headers[name] { trailers.add(name: name, value: value) }
            headers.remove(name: name)
        }
        return trailers
    }

    /// Whether the client's `TE` field lists `trailers`.
    static func acceptsTrailers(_ headers: HTTPHeaders) -> Bool {
        headers[canonicalForm: "te"].contains { $0.lowercased() == "trailers" }
    }

    /// Whether `name` is one of ``hopByHop``, in any ASCII case, without lower-casing it.
    static func isHopByHop(_ name: String) -> Bool {
        let count = name.utf8.count
        return hopByHopList.contains { candidate in
            candidate.utf8.count == count && name.utf8.elementsEqual(candidate.utf8) { byte, lower in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == lower
            }
        }
    }

    /// Whether `head` asks to switch to the WebSocket protocol: a GET with `websocket` among its
    /// `Upgrade` protocols and `upgrade` among its `Connection` options (RFC 6455 §4.1).
    static func asksForWebSocket(_ head: HTTPRequestHead) -> Bool {
        head.method == .GET
            && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
            && head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
    }

    /// Puts back the two hop-by-hop fields a WebSocket upgrade needs on its next hop, after
    /// ``stripHopByHop(_:)`` removed them.
    static func addWebSocketUpgrade(_ headers: inout HTTPHeaders) {
        headers.add(name: "connection", value: "Upgrade")
        headers.add(name: "upgrade", value: "websocket")
    }

    /// The request body framing (RFC 9112 §6.3), or the reason to refuse the request. NIO's parser
    /// already rejects most conflicts; this is the second line for what it lets through.
    static func requestFraming(_ headers: HTTPHeaders) throws(FramingError) -> Framing {
        let codings = headers[canonicalForm: "transfer-encoding"].map { $0.lowercased() }
        let lengths = headers[canonicalForm: "content-length"]
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw .conflictingLengths }
            guard codings == ["chunked"] else { throw .unknownTransferCoding }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        guard lengths.allSatisfy({ $0 == first }), let length = Int(first), length >= 0,
              first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { throw .badContentLength }
        return length == 0 ? .none : .contentLength(length)
    }

    /// A response's framing towards the client, for headers already stripped of hop-by-hop fields:
    /// `Content-Length` kept unless the upstream sent it chunked (chunked wins, RFC 9112 §6.3),
    /// chunked otherwise, no body for HEAD, 1xx, 204 and 304. Sets the one framing header the
    /// encoder will honour.
    static func frameResponse(_ headers: inout HTTPHeaders, upstreamChunked wasChunked: Bool, status: HTTPResponseStatus,
                              requestMethod: HTTPMethod, clientVersion: HTTPVersion) -> Framing {
        headers.remove(name: "transfer-encoding")
        let noBody = requestMethod == .HEAD || status.code < 200 || status == .noContent || status == .notModified
        if noBody { return .none }
        if !wasChunked, let value = headers.first(name: "content-length"), let length = Int(value) {
            return length == 0 ? .none : .contentLength(length)
        }
        headers.remove(name: "content-length")
        // HTTP/2 frames every body itself (the codec drops the chunked field again).
        guard clientVersion.major >= 2 || clientVersion.major == 1 && clientVersion.minor >= 1 else { return .untilClose }
        headers.add(name: "transfer-encoding", value: "chunked")
        return .chunked
    }

    /// The captured form of a header section, in order.
    static func captured(_ headers: HTTPHeaders) -> [HTTPHeader] {
        headers.map { HTTPHeader(name: $0.name, value: $0.value) }
    }

    /// The headers as the log keeps them for a message received over `version`: for HTTP/2,
    /// without the `Transfer-Encoding` NIOHTTP2's HTTP/1 translation adds (never on the wire).
    static func captured(_ headers: HTTPHeaders, receivedOver version: HTTPVersion) -> [HTTPHeader] {
        guard version.major == 2 else { return captured(headers) }
        return headers.compactMap { $0.name.lowercased() == "transfer-encoding" ? nil : HTTPHeader(name: $0.name, value: $0.value) }
    }
}
