import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1
import NIOPosix

/// The CONNECT phase of a client connection: a blind tunnel whose bytes are only counted, or,
/// with `--intercept`, the hand-over to TLS termination (``TLSInterception``).
extension ProxyConnectionHandler {
    func openTunnel(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let started = Date()
        var event = NetworkEvent(source: .tunnel, startedAt: started,
                                 request: CapturedRequest(method: "CONNECT", url: head.uri,
                                                          headers: ProxyHeaders.captured(head.headers)))
        guard let (host, port) = ProxyTarget.authorityForm(head.uri) else {
            rejectMalformed(.badRequest, "CONNECT needs a host:port target.", context: context)
            return
        }
        event.tunnel = TunnelInfo(host: host, port: port)
        let refusal: ProxyFailure? =
            if !configuration.connectPorts.contains(port) {
                ProxyFailure(.forbidden, .protocolError,
                             "CONNECT to port \(port) is not allowed; allowed ports: \(configuration.connectPorts.sorted().map(String.init).joined(separator: ", ")) (--connect-ports).")
            } else if isAddressedToSelf(host: host, port: port, context: context) {
                ProxyFailure(.loopDetected, .protocolError, "The tunnel would lead back to the proxy itself; refusing it to avoid a loop.")
            } else {
                nil
            }
        if let refusal {
            shared.sink.send(.record(event))
            shared.sink.send(.finish(event.id, refusal.loggedFinish))
            writeLocalResponse(refusal.status, body: refusal.error.message + "\n", close: true, context: context)
            return
        }
        if origin == nil, let interception = configuration.interception, interception.intercepts(host: host, port: port) {
            state = .interceptPending(host: host, port: port, interception)
            return
        }

        state = .tunnelConnecting
        let sink = shared.sink
        let stats = TunnelStats(host: host, port: port) { info in
            var finish = ProxyLogCommand.Finish()
            finish.tunnel = info
            sink.send(.finish(event.id, finish))
        }
        let serverSide = TunnelGlueHandler(observer: stats, carriesUpload: false)
        let boundServerSide = NIOLoopBound(serverSide, eventLoop: context.eventLoop)
        let authority = ProxyTarget.authority(host: host, port: port, usesTLS: false)
        let connected: EventLoopFuture<any Channel> =
            if let bootstrap = ClientBootstrap(validatingGroup: context.eventLoop) {
                bootstrap
                    .connectTimeout(configuration.upstreamTimeout)
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(boundServerSide.value)
                        }
                    }
                    .connect(host: host, port: port)
            } else {
                context.eventLoop.makeFailedFuture(Self.loopCannotConnect)
            }
        connected
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    guard case .tunnelConnecting = state, context.channel.isActive else {
                        channel.close(promise: nil)
                        return
                    }
                    event.response = CapturedResponse(status: 200, reason: "Connection Established")
                    event.timings.ttfb = Date().timeIntervalSince(started) * 1000
                    event.state = .streaming
                    sink.send(.record(event))
                    becomeTunnel(serverSide: serverSide, stats: stats, context: context)
                case .failure(let error):
                    let failure = ProxyFailure.upstream(error, authority: authority)
                    sink.send(.record(event))
                    sink.send(.finish(event.id, failure.loggedFinish))
                    writeLocalResponse(failure.status, body: failure.error.message + "\n", close: true, context: context)
                }
            }
    }

    /// Answers 200 and hands the connection to a glue handler: from now on bytes are copied both
    /// ways as they are, and only counted.
    private func becomeTunnel(serverSide: TunnelGlueHandler, stats: TunnelStats, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .custom(code: 200, reasonPhrase: "Connection Established")))),
                              promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        let clientSide = TunnelGlueHandler(observer: stats, carriesUpload: true)
        state = .closed
        do {
            try handOver(to: clientSide, relayingTo: serverSide, context: context)
        } catch {
            context.close(promise: nil)
            serverSide.close()
        }
    }

    /// Replaces the HTTP codec and this handler in the client's pipeline by `clientSide`, and
    /// links it to `serverSide`, already in the other connection's pipeline: a relay of raw bytes.
    func handOver(to clientSide: TunnelGlueHandler, relayingTo serverSide: TunnelGlueHandler,
                  context: ChannelHandlerContext) throws {
        let pipeline = context.pipeline.syncOperations
        try pipeline.addHandler(clientSide, position: .after(self))
        // Removing the decoder hands any bytes read after the request head to us, and we pass
        // them on to the glue; the glue buffers what it cannot forward before it is linked.
        _ = pipeline.removeHandler(name: Self.encoderName)
        // The decoder leaves later (on the next loop tick) and hands its leftovers straight to
        // the glue, with no read-complete after them: flush them to the server then.
        pipeline.removeHandler(name: Self.decoderName).assumeIsolated().whenSuccess { serverSide.flush() }
        _ = pipeline.removeHandler(context: context)
        TunnelGlueHandler.link(clientSide, serverSide)
    }

    /// Answers 200 and hands the connection to HTTPS interception (`--intercept`): the client's
    /// TLS is terminated with a leaf for the name it asks for, and its requests are served by a
    /// new handler of this kind behind the TLS handler (see ``TLSInterception``).
    func becomeIntercepted(host: String, port: Int, interception: HTTPSInterception, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .custom(code: 200, reasonPhrase: "Connection Established")))),
                      promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        state = .closed
        do {
            let pipeline = context.pipeline.syncOperations
            let sni = TLSInterception.sniHandler(host: host, port: port, interception: interception, shared: shared,
                                                 channel: context.channel)
            let shared = shared
            let sniffer = TunnelContentSniffer { tls, sniffer in
                let pipeline = context.channel.pipeline.syncOperations
                if tls {
                    try pipeline.addHandler(sni.handler, position: .after(sniffer))
                } else {
                    // Plain HTTP inside the tunnel: no handshake to wait for.
                    sni.abandon()
                    let origin = InterceptedOrigin(upstream: ProxyUpstream(host: host, port: port, usesTLS: false),
                                                   serverName: host)
                    try shared.addHTTPServerHandlers(to: pipeline, origin: origin)
                }
            }
            try pipeline.addHandler(sniffer, position: .after(self))
            // The decoder hands any bytes read after the CONNECT head to the sniffer as it leaves.
            _ = pipeline.removeHandler(name: Self.encoderName)
            _ = pipeline.removeHandler(name: Self.decoderName)
            _ = pipeline.removeHandler(context: context)
        } catch {
            context.close(promise: nil)
        }
    }
}
