import Foundation
import LoupeCore
import LoupeRedaction
import NIOCore
import NIOHTTP1

/// The state of one proxied request on its connection's event loop: where it goes, what has been
/// forwarded, and the side copies captured for the log.
///
/// A class because the capture accumulators and SSE parser are updated in place as bytes stream
/// through; it never leaves its event loop.
final class ProxyExchange {
    let id = UUID.random()
    let startedAt = Date()
    private let started = NIODeadline.now()
    let method: HTTPMethod
    /// The client's HTTP version: an HTTP/1.0 client gets no chunked responses.
    let clientVersion: HTTPVersion
    let target: ProxyTarget
    /// Whether the client asked to close the connection after this exchange, or speaks HTTP/1.0.
    let clientWantsClose: Bool
    let expectsContinue: Bool
    let requestFraming: ProxyHeaders.Framing
    /// The client asked to switch this exchange to the WebSocket protocol (RFC 6455 §4.1); its
    /// `Upgrade` and `Connection` fields are forwarded.
    var asksForWebSocket = false
    /// The upstream answered 101: at the response's end the connection becomes a WebSocket relay.
    var switchingToWebSocket = false
    /// The `Sec-WebSocket-Extensions` the upstream accepted in its 101.
    var webSocketExtensions: String?

    /// The trailer section the upstream ended its response with, if any.
    var responseTrailers: HTTPHeaders?

    var requestEnded = false
    var responseHeadSent = false
    var responseEnded = false
    /// Whether the exchange's end has been sent to the log.
    var finishLogged = false
    /// Whether the upstream connection may carry the next request.
    var upstreamReusable = true
    var closeClientAfterResponse: Bool
    /// When the upstream must have answered with a response head; nil once it has.
    var deadline: NIODeadline?
    /// The TLS facts of an HTTPS exchange: the client side when intercepted, the upstream side
    /// once its response arrives.
    var tls: TLSInfo?

    /// The messages of a gRPC call, read from both bodies as they pass; nil for other exchanges.
    private(set) var grpc: GRPCLog?
    private var grpcRequest: GRPCMessageReader?
    private var grpcResponse: GRPCMessageReader?
    /// How many gRPC messages the log keeps; later ones are only counted.
    private let maxGRPCMessages: Int

    private var requestCapture: BodyCapture.Accumulator?
    private var responseCapture: BodyCapture.Accumulator?
    private var sseParser: SSEParser?
    private var responseSize = 0
    private var responseContentType: String?

    init(method: HTTPMethod, clientVersion: HTTPVersion, target: ProxyTarget, clientWantsClose: Bool,
         expectsContinue: Bool, requestFraming: ProxyHeaders.Framing, requestHeaders: HTTPHeaders, captureLimit: Int,
         maxGRPCMessages: Int = 10_000) {
        self.maxGRPCMessages = maxGRPCMessages
        if ProxyHeaders.isGRPC(requestHeaders) {
            grpc = GRPCLog()
            grpcRequest = GRPCMessageReader(direction: .up)
        }
        self.method = method
        self.clientVersion = clientVersion
        self.target = target
        self.clientWantsClose = clientWantsClose
        self.closeClientAfterResponse = clientWantsClose
        self.expectsContinue = expectsContinue
        self.requestFraming = requestFraming
        if requestFraming != .none {
            requestCapture = BodyCapture.Accumulator(
                contentType: requestHeaders.first(name: "content-type"),
                contentEncoding: requestHeaders.first(name: "content-encoding"), limit: captureLimit)
        }
    }

    /// Milliseconds since the exchange started.
    var elapsedMilliseconds: Double { Double((NIODeadline.now() - started).nanoseconds) / 1_000_000 }
    /// How long opening the upstream connection took, when this exchange opened one.
    var upstreamSetup: UpstreamConnection.Setup?

    /// The pending event recorded when the request head arrives.
    func pendingEvent(source: NetworkEvent.Source, headers: HTTPHeaders) -> NetworkEvent {
        NetworkEvent(id: id, source: source, startedAt: startedAt,
                     request: CapturedRequest(method: method.rawValue, url: target.url, httpVersion: clientVersion.loggedName,
                                              headers: ProxyHeaders.captured(headers)),
                     tls: tls)
    }

    func captureRequest(_ chunk: ByteBuffer) {
        requestCapture?.append(chunk.readableBytesView)
        if grpcRequest != nil { keep(grpcRequest!.read(chunk)) }
    }

    private func keep(_ messages: [GRPCMessage]) {
        for message in messages {
            if grpc!.messages.count < maxGRPCMessages {
                grpc!.messages.append(message)
            } else {
                grpc!.droppedMessages += 1
            }
        }
    }

    /// Takes a gRPC call's outcome from the trailers, or from the response head of a
    /// trailers-only response.
    func readGRPCStatus(from headers: HTTPHeaders) {
        guard grpc != nil, let status = headers.first(name: "grpc-status").flatMap({ Int($0) }) else { return }
        grpc!.status = status
        grpc!.statusMessage = headers.first(name: "grpc-message").map { $0.removingPercentEncoding ?? $0 }
    }

    /// The captured request body once the request ended, or nil when there was none.
    func finishRequestCapture() -> CapturedBody? {
        defer { requestCapture = nil }
        return requestCapture?.finish()
    }

    /// Prepares the response side copy: an SSE parser for event streams, a body accumulator otherwise.
    func startResponseCapture(headers: HTTPHeaders, limit: Int) {
        responseContentType = headers.first(name: "content-type")
        if grpc != nil {
            grpcResponse = GRPCMessageReader(direction: .down)
            readGRPCStatus(from: headers)
        }
        if responseContentType?.lowercased().hasPrefix("text/event-stream") == true {
            sseParser = SSEParser()
        } else if method != .HEAD {
            responseCapture = BodyCapture.Accumulator(
                contentType: responseContentType, contentEncoding: headers.first(name: "content-encoding"),
                limit: limit)
        }
    }

    /// Whether the response is an event stream, forwarded chunk by chunk.
    var isEventStream: Bool { sseParser != nil }

    /// Captures a response chunk; returns the server-sent events it completed.
    func captureResponse(_ chunk: ByteBuffer) -> [SSEEvent] {
        responseSize += chunk.readableBytes
        if grpcResponse != nil { keep(grpcResponse!.read(chunk)) }
        if sseParser != nil { return sseParser!.feed(chunk.readableBytesView) }
        responseCapture?.append(chunk.readableBytesView)
        return []
    }

    /// The captured response body: text, or only the size for event streams (their events are
    /// logged one by one).
    func finishResponseCapture() -> CapturedBody? {
        if let capture = responseCapture {
            responseCapture = nil
            return capture.finish()
        }
        guard isEventStream else { return nil }
        return CapturedBody(contentType: responseContentType, originalSize: responseSize,
                            omitted: .init(reason: .notCaptured))
    }

    /// The events a stream ended with, if its last event was not followed by a blank line.
    func finishEventStream() -> [SSEEvent] {
        sseParser?.finish() ?? []
    }
}
