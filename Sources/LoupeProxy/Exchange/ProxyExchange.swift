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

    var requestEnded = false
    var responseHeadSent = false
    var responseEnded = false
    /// Whether the upstream connection may carry the next request.
    var upstreamReusable = true
    var closeClientAfterResponse: Bool
    /// When the upstream must have answered with a response head; nil once it has.
    var deadline: NIODeadline?
    /// The TLS facts of an HTTPS exchange: the client side when intercepted, the upstream side
    /// once its response arrives.
    var tls: TLSInfo?

    private var requestCapture: BodyCapture.Accumulator?
    private var responseCapture: BodyCapture.Accumulator?
    private var sseParser: SSEParser?
    private var responseSize = 0
    private var responseContentType: String?

    init(method: HTTPMethod, clientVersion: HTTPVersion, target: ProxyTarget, clientWantsClose: Bool,
         expectsContinue: Bool, requestFraming: ProxyHeaders.Framing, requestHeaders: HTTPHeaders, captureLimit: Int) {
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

    /// The pending event recorded when the request head arrives.
    func pendingEvent(source: NetworkEvent.Source, headers: HTTPHeaders) -> NetworkEvent {
        NetworkEvent(id: id, source: source, startedAt: startedAt,
                     request: CapturedRequest(method: method.rawValue, url: target.url,
                                              headers: ProxyHeaders.captured(headers)),
                     tls: tls)
    }

    func captureRequest(_ chunk: ByteBuffer) {
        requestCapture?.append(chunk.readableBytesView)
    }

    /// The captured request body once the request ended, or nil when there was none.
    func finishRequestCapture() -> CapturedBody? {
        defer { requestCapture = nil }
        return requestCapture?.finish()
    }

    /// Prepares the response side copy: an SSE parser for event streams, a body accumulator otherwise.
    func startResponseCapture(headers: HTTPHeaders, limit: Int) {
        responseContentType = headers.first(name: "content-type")
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
