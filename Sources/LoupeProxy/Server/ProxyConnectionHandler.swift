import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// Serves one client connection: reads requests, forwards each to its upstream over a kept-alive
/// connection, streams the response back, and hands the log its side copies. For a client on
/// HTTP/2 it serves one stream (behind NIOHTTP2's HTTP/2-to-HTTP/1 codec), which carries one
/// request.
///
/// Back-pressure both ways: the client is read only while the upstream is writable (and only
/// while a request is being forwarded), and the upstream is read only while the client is
/// writable, so a 1 GB body in either direction costs a few buffers of memory.
final class ProxyConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Pipeline names of the HTTP codec, removed when a CONNECT tunnel takes over the connection.
    static let encoderName = "loupe-http-encoder"
    static let decoderName = "loupe-http-decoder"

    // State transitions:
    //   idle --head--> connecting --connected--> forwarding --response end--> idle
    //   idle --CONNECT--> tunnelConnecting --connected--> (handler removed, glue takes over)
    //   any --local answer with close / client gone--> closed
    enum State {
        case idle
        /// Waiting for the upstream connection; request parts are queued meanwhile.
        case connecting(ProxyExchange)
        case forwarding(ProxyExchange)
        case tunnelConnecting
        /// A CONNECT to intercept: waiting for the request's end before answering 200 and
        /// handing the connection to TLS termination.
        case interceptPending(host: String, port: Int, HTTPSInterception)
        case closed
    }

    let shared: ProxyContext
    /// Set on the decrypted side of an intercepted CONNECT tunnel: every request goes to this
    /// HTTPS host, logged as a forward-proxy exchange.
    let origin: InterceptedOrigin?
    /// Whether this handler serves one stream of a client's HTTP/2 connection.
    let clientStream: Bool
    /// The HTTP/2 upstream connections of the client connection, shared by its streams.
    let sessions: UpstreamSessions
    /// Why the client's stream ended early, when it said (RST_STREAM).
    private var streamResetReason: String?
    /// When the connection is closed unless a whole request header has arrived (see
    /// ``armHeaderDeadline``); nil while a request is being handled.
    private var headerDeadline: NIODeadline?
    /// Checks the header deadline and the current exchange's upstream deadline.
    private var deadlines = DeadlineTimer()
    /// The TLS version and cipher suite negotiated with an intercepted client, read at its first
    /// request.
    private var clientTLS: (version: String?, cipherSuite: String?)?
    var state: State = .idle
    private var context: ChannelHandlerContext?
    private var upstream: UpstreamConnection?
    /// Request parts read while the upstream was not ready, or pipelined behind the current exchange.
    private var queued: [HTTPServerRequestPart] = []
    private var readHeld = false

    init(shared: ProxyContext, origin: InterceptedOrigin? = nil, clientStream: Bool = false,
         sessions: UpstreamSessions = UpstreamSessions()) {
        self.shared = shared
        self.origin = origin
        self.clientStream = clientStream
        self.sessions = sessions
    }

    var configuration: ProxyServer.Configuration { shared.configuration }

    // MARK: - Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { armHeaderDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armHeaderDeadline(context: context)
        context.fireChannelActive()
    }

    /// Closes the connection unless a whole request header arrives within the header timeout,
    /// from now: a slow client (slowloris) or an idle kept-alive connection must not hold a
    /// connection slot forever.
    private func armHeaderDeadline(context: ChannelHandlerContext) {
        // A client's HTTP/2 stream starts with its whole header section; its connection has its
        // own idle deadline (HTTP2IdleCloser).
        guard !clientStream else { return }
        let deadline = context.eventLoop.now + configuration.headerTimeout
        headerDeadline = deadline
        checkDeadlines(by: deadline, on: context.eventLoop)
    }

    private func checkDeadlines(by deadline: NIODeadline, on loop: any EventLoop) {
        deadlines.checkBy(deadline, on: loop) { [self] in
            deadlines.fired()
            deadlinesDue(on: loop)
        }
    }

    /// Acts on the deadline of the present state if it has passed, else checks again by then.
    /// Times come from the loop's clock, which an `EmbeddedEventLoop` advances by hand.
    private func deadlinesDue(on loop: any EventLoop) {
        let now = loop.now
        switch state {
        case .idle:
            guard let deadline = headerDeadline, let context else { return }
            guard deadline <= now else { return checkDeadlines(by: deadline, on: loop) }
            shared.headerTimeouts.withLockedValue { $0 += 1 }
            state = .closed
            context.close(promise: nil)
        case .connecting(let exchange), .forwarding(let exchange):
            guard let deadline = exchange.deadline else { return }
            guard deadline <= now else { return checkDeadlines(by: deadline, on: loop) }
            timedOut(exchange)
        case .tunnelConnecting, .interceptPending, .closed:
            return
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadlines.cancel()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .tunnelConnecting = state {
            return  // The CONNECT request's end; nothing else is read until the tunnel is up.
        }
        if case .interceptPending(let host, let port, let interception) = state {
            if case .end = unwrapInboundIn(data) { becomeIntercepted(host: host, port: port, interception: interception, context: context) }
            return
        }
        if case .closed = state {
            // Raw bytes the HTTP decoder hands on when the tunnel replaces it.
            context.fireChannelRead(data)
            return
        }
        let part = unwrapInboundIn(data)
        switch state {
        case .idle where queued.isEmpty:
            handle(part, context: context)
        case .forwarding(let exchange) where queued.isEmpty && !exchange.requestEnded:
            handle(part, context: context)
        default:
            // Body parts while the upstream connects, or a pipelined request behind the current one.
            queued.append(part)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        upstream?.channel.flush()
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        if shouldRead {
            context.read()
        } else {
            readHeld = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { upstream?.handler.resumeReading() }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadlines.cancel()
        switch state {
        case .connecting(let exchange), .forwarding(let exchange):
            let message = streamResetReason.map { "The client reset its HTTP/2 stream (\($0)) before the response was complete." }
                ?? "The client closed the connection before the response was complete."
            finish(exchange, failure: ProxyFailure(.badRequest, .cancelled, message), respond: false)
        default:
            break
        }
        state = .closed
        upstream?.close()
        upstream = nil
        if !clientStream { sessions.closeAll() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let reset as NIOHTTP2Errors.StreamClosed:
            streamResetReason = "\(reset.errorCode)"
            context.close(promise: nil)
        case HTTPParserError.headerOverflow:
            rejectMalformed(.requestHeaderFieldsTooLarge,
                            "The request header section is larger than \(configuration.maxHeaderBytes / 1024) KiB.",
                            context: context)
        case is RequestLineGuard.HTTP09RequestLine:
            rejectMalformed(.badRequest, "The request line has no HTTP version (an HTTP/0.9 request); Loupe speaks HTTP/1.1.",
                            context: context)
        case is HTTPParserError:
            if let origin, origin.upstream.usesTLS, case .idle = state {
                // Inside an intercepted tunnel, most often a client that speaks only HTTP/2 (its
                // ALPN offer found no match, and it went on regardless).
                let failure = ClientHandshakeObserver.failureEvent(host: origin.upstream.host, port: origin.upstream.port,
                                                                   serverName: origin.serverName)
                ClientHandshakeObserver.report(failure, kind: .protocolError, message: "The client sent something other than HTTP/1.1 inside the intercepted TLS connection to \(origin.serverName) (\(error)); Loupe offers HTTP/2 and HTTP/1.1 there; if the client insists on another protocol, list the host in --ignore-hosts.", sink: shared.sink)
            }
            rejectMalformed(.badRequest, "The request is not valid HTTP/1.1 (\(error)).", context: context)
        default:
            // Resets and broken pipes: the client is gone; channelInactive cleans up.
            context.close(promise: nil)
        }
    }

    /// Whether the client may be read now.
    private var shouldRead: Bool {
        switch state {
        case .idle: true
        case .forwarding(let exchange):
            // After the request, reading goes on (a little) so a client that goes away is noticed
            // and its upstream request cancelled even while the response is idle.
            exchange.requestEnded ? queued.count < 8 : upstream?.channel.isWritable ?? false
        case .interceptPending: true
        case .connecting, .tunnelConnecting, .closed: false
        }
    }

    private func resumeReadingIfPossible() {
        guard readHeld, shouldRead, let context else { return }
        readHeld = false
        context.read()
    }

    // MARK: - Requests

    private func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch (part, state) {
        case (.head(let head), .idle):
            begin(head, context: context)
        case (.body(let chunk), .forwarding(let exchange)):
            exchange.captureRequest(chunk)
            upstream?.channel.write(HTTPClientRequestPart.body(.byteBuffer(chunk)), promise: nil)
        case (.end(let trailers), .forwarding(let exchange)):
            exchange.requestEnded = true
            upstream?.channel.writeAndFlush(HTTPClientRequestPart.end(trailers), promise: nil)
            if let body = exchange.finishRequestCapture() {
                shared.sink.send(.requestBody(exchange.id, body))
            }
        case (.body, .idle), (.end, .idle):
            break  // The rest of a request that was answered locally and kept alive (no body expected).
        default:
            break
        }
    }

    private func begin(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        headerDeadline = nil
        // RFC 9112 §3.2: exactly one Host in HTTP/1.1 (CONNECT is let through without one, as
        // some clients send it so).
        let hosts = head.headers["host"].count
        if hosts > 1 || (hosts == 0 && head.method != .CONNECT && head.version.major == 1 && head.version.minor >= 1) {
            rejectMalformed(.badRequest, hosts > 1 ? "The request has more than one Host header; send exactly one."
                                : "An HTTP/1.1 request needs a Host header naming the server (RFC 9112 §3.2).",
                            context: context)
            return
        }
        if head.method == .CONNECT, clientStream {
            rejectMalformed(.methodNotAllowed, "CONNECT over HTTP/2 is not supported; send CONNECT over HTTP/1.1 (curl does by default).",
                            context: context)
            return
        }
        if head.method == .CONNECT {
            openTunnel(head, context: context)
            return
        }
        let source: NetworkEvent.Source = configuration.upstream == nil || origin != nil ? .proxyForward : .proxyReverse
        let target: ProxyTarget? =
            if let upstream = origin?.upstream ?? configuration.upstream {
                ProxyTarget.reverse(uri: head.uri, upstream: upstream)
            } else {
                ProxyTarget.forward(uri: head.uri)
            }
        guard let target else {
            let reason = configuration.upstream == nil
                ? "A forward proxy needs an absolute-form target like http://host/path; to proxy HTTPS use CONNECT (curl -p)."
                : "The request target \"\(head.uri.prefix(100))\" is neither origin-form (/path) nor an absolute URL."
            rejectMalformed(.badRequest, reason, context: context)
            return
        }
        let framing: ProxyHeaders.Framing
        do {
            framing = try ProxyHeaders.requestFraming(head.headers)
        } catch {
            rejectMalformed(.badRequest, Self.sentence(for: error), context: context)
            return
        }

        var headers = head.headers
        let asksForWebSocket = ProxyHeaders.asksForWebSocket(head)
        let acceptsTrailers = ProxyHeaders.acceptsTrailers(headers)
        let askedToClose = ProxyHeaders.stripHopByHop(&headers) || !head.isKeepAlive && !clientStream
        if asksForWebSocket { ProxyHeaders.addWebSocketUpgrade(&headers) }
        // TE: trailers is end to end in meaning (gRPC servers require it); it is the one TE value
        // HTTP/2 allows (RFC 9113 §8.2.2).
        if acceptsTrailers { headers.add(name: "te", value: "trailers") }
        let expectations = headers[canonicalForm: "expect"].map { $0.lowercased() }
        headers.remove(name: "expect")
        headers.replaceOrAdd(name: "host", value: target.hostHeader)
        switch framing {
        case .chunked: headers.add(name: "transfer-encoding", value: "chunked")
        case .none, .contentLength, .untilClose: break
        }
        let exchange = ProxyExchange(
            method: head.method, clientVersion: head.version, target: target, clientWantsClose: askedToClose,
            expectsContinue: expectations == ["100-continue"], requestFraming: framing, requestHeaders: headers,
            captureLimit: configuration.maxBodyCapture, maxGRPCMessages: configuration.maxWebSocketMessages)
        exchange.asksForWebSocket = asksForWebSocket
        exchange.tls = tlsFacts(for: target, context: context)
        shared.sink.send(.record(exchange.pendingEvent(source: source, headers: headers)))

        if !expectations.isEmpty, !exchange.expectsContinue {
            answer(exchange, ProxyFailure(.expectationFailed, .protocolError, "Only the expectation 100-continue is supported."))
            return
        }
        if isAddressedToSelf(host: target.host, port: target.port, context: context) {
            answer(exchange, ProxyFailure(.loopDetected, .protocolError, "The request is addressed to the proxy itself; refusing it to avoid a loop."))
            return
        }
        if head.method == .TRACE || head.method == .OPTIONS, let value = headers.first(name: "max-forwards") {
            guard let remaining = Int(value), remaining >= 0 else {
                answer(exchange, ProxyFailure(.badRequest, .protocolError, "Max-Forwards must be a non-negative integer."))
                return
            }
            if remaining == 0 {
                answerMaxForwards(exchange, head: head, context: context)
                return
            }
            headers.replaceOrAdd(name: "max-forwards", value: String(remaining - 1))
        }

        let upstreamHead = HTTPRequestHead(version: .http1_1, method: head.method, uri: target.path, headers: headers)
        state = .connecting(exchange)
        let deadline = context.eventLoop.now + configuration.upstreamTimeout
        exchange.deadline = deadline
        checkDeadlines(by: deadline, on: context.eventLoop)
        if let upstream, upstream.endpoint == target.endpoint, upstream.isReusable {
            startForwarding(exchange, head: upstreamHead, context: context)
            return
        }
        upstream?.close()
        upstream = nil
        connect(to: target.endpoint, http1Only: asksForWebSocket, grpc: ProxyHeaders.isGRPC(headers), context: context).whenComplete { [self] result in
            guard case .connecting(let current) = state, current === exchange else {
                if case .success(let connection) = result { connection.close() }
                return
            }
            switch result {
            case .success(let connection):
                upstream = connection
                exchange.upstreamSetup = connection.takeSetup()
                startForwarding(exchange, head: upstreamHead, context: context)
            case .failure(let error):
                answer(exchange, ProxyFailure.upstream(error, authority: target.hostHeader))
            }
        }
    }

    /// Sends the request head and everything queued so far, then lets the client be read again.
    private func startForwarding(_ exchange: ProxyExchange, head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let upstream else { return }
        state = .forwarding(exchange)
        upstream.isReusable = false
        upstream.channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if exchange.expectsContinue {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))),
                                  promise: nil)
        }
        var pending = queued
        queued.removeAll()
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if case .head = part {
                queued.append(part)
                queued.append(contentsOf: pending)
                break
            }
            handle(part, context: context)
        }
        upstream.channel.flush()
        resumeReadingIfPossible()
    }

    // MARK: - Responses (called by UpstreamHandler)

    func upstreamRead(_ part: HTTPClientResponsePart) {
        guard case .forwarding(let exchange) = state, let context else { return }
        switch part {
        case .head(let head):
            exchange.deadline = nil
            if exchange.tls != nil, let upstream { upstream.addHandshakeFacts(to: &exchange.tls!) }
            if !head.isKeepAlive { exchange.upstreamReusable = false }
            shared.sink.send(.responseHead(
                exchange.id,
                CapturedResponse(status: Int(head.status.code), reason: head.status.reasonPhrase,
                                 httpVersion: head.version.loggedName,
                                 headers: ProxyHeaders.captured(head.headers, receivedOver: head.version)),
                ttfb: exchange.elapsedMilliseconds, setup: exchange.upstreamSetup))
            if exchange.asksForWebSocket {
                // The client's decoder stopped reading after the upgrade request; unless the
                // upgrade happens, the connection cannot carry another request.
                exchange.switchingToWebSocket = head.status == .switchingProtocols
                exchange.closeClientAfterResponse = !exchange.switchingToWebSocket
            }
            if exchange.switchingToWebSocket {
                switchToWebSocket(exchange, head: head, context: context)
                return
            }
            exchange.startResponseCapture(headers: head.headers, limit: configuration.maxBodyCapture)
            var headers = head.headers
            if clientStream, exchange.grpc != nil {
                // A trailers-only gRPC response (its status in the one header block) cannot pass
                // as one block through the HTTP/1-shaped codecs, which would end it with an empty
                // DATA frame that gRPC clients refuse: its status goes on as trailers instead.
                exchange.responseTrailers = ProxyHeaders.takeGRPCStatus(from: &headers)
            }
            let upstreamChunked = headers[canonicalForm: "transfer-encoding"].last?.lowercased() == "chunked"
            let upstreamFramed = upstreamChunked || headers.contains(name: "content-length")
            ProxyHeaders.stripHopByHop(&headers)
            let framing = ProxyHeaders.frameResponse(&headers, upstreamChunked: upstreamChunked, status: head.status,
                                                     requestMethod: exchange.method, clientVersion: exchange.clientVersion)
            if !upstreamFramed, framing != .none {
                exchange.upstreamReusable = false  // the upstream ends this body by closing
            }
            if framing == .untilClose {
                // Only closing tells an HTTP/1.0 client where a body without length ends.
                exchange.closeClientAfterResponse = true
            }
            if exchange.closeClientAfterResponse { headers.replaceOrAdd(name: "connection", value: "close") }
            exchange.responseHeadSent = true
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: head.status, headers: headers))),
                          promise: nil)
            if exchange.isEventStream { context.flush() }
        case .body(let chunk):
            let events = exchange.captureResponse(chunk)
            if exchange.isEventStream {
                // Event streams are forwarded the moment bytes arrive.
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil)
            } else {
                context.write(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil)
            }
            for event in events { shared.sink.send(.sse(exchange.id, event)) }
        case .end where exchange.switchingToWebSocket:
            becomeWebSocket(exchange, context: context)
        case .end(let trailers):
            for event in exchange.finishEventStream() { shared.sink.send(.sse(exchange.id, event)) }
            exchange.responseEnded = true
            if let trailers {
                exchange.responseTrailers = trailers
                exchange.readGRPCStatus(from: trailers)
            }
            let trailers = exchange.responseTrailers
            let closeClient = exchange.closeClientAfterResponse
            finish(exchange, failure: nil, respond: false)
            // The upstream is let go of first: a client's HTTP/2 stream closes the moment the end
            // is written, and its handler would close (reset) an upstream it still held.
            if let stream = upstream, stream.session != nil {
                // The stream closes by itself now that both ends are sent; closing it here, before
                // NIOHTTP2 has seen the end, would reset it (and an upstream counts resets).
                stream.handler.owner = nil
                upstream = nil
            } else if !exchange.upstreamReusable || !exchange.requestEnded {
                upstream?.close()
                upstream = nil
            } else if clientStream, let connection = upstream {
                // A stream carries one exchange: its kept-alive connection goes back to the
                // client connection's pool for the next stream.
                connection.isReusable = true
                connection.handler.owner = nil
                sessions.park(connection)
                upstream = nil
            } else {
                upstream?.isReusable = true
            }
            let written = context.writeAndFlush(wrapOutboundOut(.end(trailers)))
            if closeClient {
                state = .closed
                written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            } else {
                exchangeDone(context: context)
            }
        }
    }

    func upstreamReadComplete() {
        context?.flush()
    }

    /// Whether the upstream may be read: only while the client can take more.
    var clientIsWritable: Bool { context?.channel.isWritable ?? false }

    func upstreamWritabilityChanged(writable: Bool) {
        if writable { resumeReadingIfPossible() }
    }

    func upstreamClosed(_ connection: UpstreamConnection, error: (any Error)?) {
        guard connection === upstream else { return }
        upstream = nil
        guard case .forwarding(let exchange) = state, !exchange.responseEnded else { return }
        let authority = exchange.target.hostHeader
        let failure = error.map { ProxyFailure.upstream($0, authority: authority) }
            ?? ProxyFailure(.badGateway, .connectionClosed, "\(authority) closed the connection before the response was complete.")
        if exchange.responseHeadSent {
            // The client got part of a response; closing is the only way to tell it the rest is missing.
            finish(exchange, failure: failure, respond: false)
            state = .closed
            context?.close(promise: nil)
        } else {
            answer(exchange, failure)
        }
    }

    // MARK: - Ending exchanges

    /// `exchange`, the current one, had no response head by its deadline.
    private func timedOut(_ exchange: ProxyExchange) {
        upstream?.close()
        upstream = nil
        answer(exchange, ProxyFailure.timeout(exchange.target.hostHeader, after: configuration.upstreamTimeout))
    }

    /// Logs the end of `exchange`.
    private func finish(_ exchange: ProxyExchange, failure: ProxyFailure?, respond: Bool) {
        // A client's HTTP/2 stream closes the moment a response's end is written, before the
        // exchange is logged as answered: only the first finish counts.
        guard !exchange.finishLogged else { return }
        exchange.finishLogged = true
        exchange.deadline = nil
        var finish = ProxyLogCommand.Finish(error: failure?.error)
        if respond, let failure { finish = failure.loggedFinish }
        finish.tls = exchange.tls
        finish.responseBody = exchange.finishResponseCapture()
        finish.responseTrailers = exchange.responseTrailers.map(ProxyHeaders.captured)
        finish.grpc = exchange.grpc
        shared.sink.send(.finish(exchange.id, finish))
    }

    /// Answers `exchange` with the proxy's own response for `failure`, logs it, and closes the
    /// connection when the rest of the request cannot be skipped reliably.
    private func answer(_ exchange: ProxyExchange, _ failure: ProxyFailure) {
        guard let context else { return }
        finish(exchange, failure: failure, respond: true)
        upstream?.close()
        upstream = nil
        let close = exchange.clientWantsClose || !exchange.requestEnded && exchange.requestFraming != .none
        writeLocalResponse(failure.status, body: failure.error.message + "\n", close: close, context: context)
        if !close { exchangeDone(context: context) }
    }

    /// Max-Forwards reached zero: the proxy is the final recipient (RFC 9110 §7.6.2).
    private func answerMaxForwards(_ exchange: ProxyExchange, head: HTTPRequestHead, context: ChannelHandlerContext) {
        var body = ""
        var contentType = "text/plain; charset=utf-8"
        if head.method == .TRACE {
            contentType = "message/http"
            body = "TRACE \(head.uri) HTTP/1.1\r\n" + head.headers.map { "\($0.name): \($0.value)\r\n" }.joined()
        }
        var finish = ProxyLogCommand.Finish(response: CapturedResponse(status: 200, reason: "OK"))
        finish.responseBody = CapturedBody(contentType: contentType, text: body)
        exchange.finishLogged = true
        shared.sink.send(.finish(exchange.id, finish))
        writeLocalResponse(.ok, body: body, contentType: contentType, close: exchange.clientWantsClose, context: context)
        if !exchange.clientWantsClose { exchangeDone(context: context) }
    }

    /// Answers a request that cannot be parsed or framed: 400 (or 431), then close, because the
    /// rest of the byte stream can no longer be trusted (request smuggling).
    func rejectMalformed(_ status: HTTPResponseStatus, _ message: String, context: ChannelHandlerContext) {
        switch state {
        case .connecting(let exchange), .forwarding(let exchange):
            if exchange.responseHeadSent {
                finish(exchange, failure: ProxyFailure(status, .protocolError, message), respond: false)
                state = .closed
                context.close(promise: nil)
                return
            }
            finish(exchange, failure: ProxyFailure(status, .protocolError, message), respond: true)
        case .closed:
            return
        default:
            break
        }
        upstream?.close()
        upstream = nil
        writeLocalResponse(status, body: message + "\n", close: true, context: context)
    }

    func writeLocalResponse(_ status: HTTPResponseStatus, body: String,
                                    contentType: String = "text/plain; charset=utf-8", close: Bool,
                                    context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: contentType)
        headers.add(name: "content-length", value: String(body.utf8.count))
        headers.add(name: "via", value: ProxyHeaders.via)
        if close { headers.add(name: "connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if close {
            state = .closed
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Back to idle: the next pipelined request, if one was read, starts now.
    private func exchangeDone(context: ChannelHandlerContext) {
        if clientStream {
            state = .closed  // a stream carries one exchange, and closes by itself once both ends are sent
            return
        }
        state = .idle
        while case .idle = state, !queued.isEmpty {
            let part = queued.removeFirst()
            handle(part, context: context)
        }
        if case .idle = state { armHeaderDeadline(context: context) }
        resumeReadingIfPossible()
    }

    // MARK: - Upstream connections

    /// Lets go of the upstream connection without closing it, for a relay to take it over.
    func detachUpstream() -> UpstreamConnection? {
        defer { upstream = nil }
        upstream?.handler.owner = nil
        return upstream
    }


    /// The TLS facts known when an exchange starts: the client side of an intercepted tunnel,
    /// or nil for a plain-HTTP upstream; the upstream side is added when its response arrives.
    private func tlsFacts(for target: ProxyTarget, context: ChannelHandlerContext) -> TLSInfo? {
        if let origin, origin.upstream.usesTLS {
            if clientTLS == nil {
                // A stream's TLS is its connection's.
                let pipeline = (clientStream ? context.channel.parent ?? context.channel : context.channel).pipeline.syncOperations
                clientTLS = (version: (try? pipeline.handler(type: NIOSSLServerHandler.self).tlsVersion)?.loggedName,
                             cipherSuite: (try? pipeline.handler(type: CipherSuiteObserver.self))?.cipherSuite)
            }
            return TLSInfo(intercepted: true, serverName: origin.serverName, clientVersion: clientTLS?.version,
                           clientCipherSuite: clientTLS?.cipherSuite, upstreamVerified: !configuration.upstreamInsecure)
        }
        guard target.usesTLS else { return nil }
        return TLSInfo(intercepted: false, upstreamVerified: !configuration.upstreamInsecure)
    }

    // MARK: - Helpers

    /// Whether `host:port` is this proxy's own listening address (a request that would loop).
    func isAddressedToSelf(host: String, port: Int, context: ChannelHandlerContext) -> Bool {
        guard let local = context.channel.localAddress, local.port == port else { return false }
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == local.ipAddress { return true }
        if lowered.hasPrefix("127."), local.ipAddress?.hasPrefix("127.") == true { return true }
        return lowered == "::1" && local.ipAddress == "::1" || lowered == "0.0.0.0"
    }

    static func isIPAddress(_ host: String) -> Bool {
        host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    }

    static func sentence(for error: ProxyHeaders.FramingError) -> String {
        switch error {
        case .conflictingLengths: "The request has both Transfer-Encoding and Content-Length; refusing it (request smuggling)."
        case .badContentLength: "The request's Content-Length is not a single non-negative number."
        case .unknownTransferCoding: "The request uses a transfer coding other than chunked."
        }
    }
}
