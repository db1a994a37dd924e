import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// HTTPS load straight to an origin or through an HTTP proxy with `CONNECT` (which `wrk` cannot
/// do): `concurrency` connections each send `GET` after `GET` for a while and time every response.
///
/// Like `wrk`, it is a lean client on purpose: NIO's HTTP codec on NIOSSL and one handler that
/// sends the next request from the event loop the moment the last response ends. The client shares the machine with the proxies it measures, so every microsecond it
/// spends is one the fastest proxy cannot use (AsyncHTTPClient, used before, cost about 60 µs of
/// CPU per request; a proxy that is itself bound by one core does not notice).
struct HTTPSLoad {
    /// How the requests use connections.
    enum Connections {
        /// Every connection stays open: requests/s of TLS records, not handshakes.
        case keptAlive
        /// `connection: close` on every request, so each request opens a new TCP connection, a
        /// new `CONNECT` tunnel when proxied, and a new TLS handshake.
        case newPerRequest
    }

    /// What a run measured.
    struct Result {
        var requests: Int
        var requestsPerSecond: Double
        /// Milliseconds.
        var p50: Double
        var p99: Double
        var errors: Int
        /// The first failure, to say why when there were errors.
        var firstError: String?
    }

    /// The origin's host name (what the certificate names) and port.
    var host = "localhost"
    var port: Int
    /// The HTTP proxy the requests go through, nil for direct.
    var proxyPort: Int?
    /// The PEM file of the CA the client trusts: the origin's direct, the proxy's through it.
    var trustRoot: String
    var eventLoopGroup: any EventLoopGroup

    /// Runs `concurrency` connections (or, for `.newPerRequest`, loops of one-request connections)
    /// for `seconds`.
    func run(concurrency: Int, seconds: Double, connections: Connections) async -> Result {
        let tls: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(trustRoot))
            configuration.applicationProtocols = ["http/1.1"]
            tls = try NIOSSLContext(configuration: configuration)
        } catch {
            return Result(requests: 0, requestsPerSecond: 0, p50: .nan, p99: .nan, errors: 1,
                          firstError: "cannot use \(trustRoot) as the client's trust root: \(error)")
        }
        let start = NIODeadline.now()
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for _ in 0..<concurrency {
                group.addTask { await worker(tls: tls, connections: connections, until: deadline) }
            }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let elapsed = Double((NIODeadline.now() - start).nanoseconds) / 1e9

        var latencies = outcomes.flatMap(\.latencies)
        latencies.sort()
        func percentile(_ fraction: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
        }
        return Result(requests: latencies.count, requestsPerSecond: Double(latencies.count) / elapsed,
                      p50: percentile(0.5), p99: percentile(0.99),
                      errors: outcomes.map(\.errors).reduce(0, +), firstError: outcomes.compactMap(\.firstError).first)
    }

    /// Latencies in milliseconds and failures of one worker.
    struct Outcome: Sendable {
        var latencies: [Double] = []
        var errors = 0
        var firstError: String?

        mutating func add(_ other: Outcome) {
            latencies += other.latencies
            errors += other.errors
            if firstError == nil { firstError = other.firstError }
        }

        mutating func fail(_ error: any Error) {
            errors += 1
            if firstError == nil { firstError = "\(error)" }
        }
    }

    /// Opens connection after connection until `deadline`: one for kept-alive load (again after a
    /// failure), one per request otherwise.
    private func worker(tls: NIOSSLContext, connections: Connections, until deadline: NIODeadline) async -> Outcome {
        let keepAlive = connections == .keptAlive
        var headers: HTTPHeaders = ["host": "\(host):\(port)"]
        if !keepAlive { headers.add(name: "connection", value: "close") }
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: headers)
        var outcome = Outcome()
        while NIODeadline.now() < deadline {
            let began = NIODeadline.now()
            do {
                let channel = try await open(tls: tls)
                let promise = channel.eventLoop.makePromise(of: Outcome.self)
                try await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(RequestLoop(request: request, keepAlive: keepAlive, began: began, deadline: deadline, done: promise))
                }.get()
                let connection = try await promise.futureResult.get()
                outcome.add(connection)
                if connection.errors > 0 { try? await Task.sleep(for: .milliseconds(10)) }
            } catch {
                outcome.fail(error)
                // A proxy that refuses everything must not turn the loop into a busy spin.
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return outcome
    }

    /// A TLS connection to the origin, through the proxy's `CONNECT` tunnel when there is one.
    private func open(tls: NIOSSLContext) async throws -> any Channel {
        let channel = try await ClientBootstrap(group: eventLoopGroup)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: proxyPort ?? port).get()
        do {
            if proxyPort != nil {
                let established = channel.eventLoop.makePromise(of: Void.self)
                try await channel.eventLoop.submit { [host, port] in
                    try channel.pipeline.syncOperations.addHandler(TunnelOpener(authority: "\(host):\(port)", established: established))
                }.get()
                try await established.futureResult.get()
            }
            try await channel.eventLoop.submit { [host] in
                try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: host))
            }.get()
            return channel
        } catch {
            try? await channel.close()
            throw error
        }
    }
}

/// Sends `CONNECT` and succeeds once the proxy answers `200`, then leaves the pipeline.
private final class TunnelOpener: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let authority: String
    private let established: EventLoopPromise<Void>
    private var response = ByteBuffer()

    init(authority: String, established: EventLoopPromise<Void>) {
        self.authority = authority
        self.established = established
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        response.writeBuffer(&bytes)
        let text = String(buffer: response)
        guard let end = text.range(of: "\r\n\r\n") else { return }
        // Nothing follows the answer until the client speaks TLS.
        if text.hasPrefix("HTTP/1.1 200") || text.hasPrefix("HTTP/1.0 200") {
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
            established.succeed()
        } else {
            established.fail(BenchmarkError("the proxy refused CONNECT: \(text[..<end.lowerBound].prefix(200))"))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        established.fail(BenchmarkError("the proxy closed the connection before answering CONNECT"))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        established.fail(error)
        context.close(promise: nil)
    }
}

/// Sends `request` on a connection and, when keeping it alive, the next one the moment each
/// response ends, until the deadline; then closes and reports the connection's outcome.
private final class RequestLoop: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: HTTPRequestHead
    private let keepAlive: Bool
    private let deadline: NIODeadline
    private let done: EventLoopPromise<HTTPSLoad.Outcome>
    private var began: NIODeadline
    private var status: HTTPResponseStatus?
    private var outcome = HTTPSLoad.Outcome()
    /// Set once the last response has arrived and the connection is being closed.
    private var finished = false

    init(request: HTTPRequestHead, keepAlive: Bool, began: NIODeadline, deadline: NIODeadline, done: EventLoopPromise<HTTPSLoad.Outcome>) {
        self.request = request
        self.keepAlive = keepAlive
        self.began = began
        self.deadline = deadline
        self.done = done
        outcome.latencies.reserveCapacity(keepAlive ? 100_000 : 1)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        send(context: context)
    }

    private func send(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(request)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
        case .body:
            break
        case .end:
            let now = NIODeadline.now()
            if status == .ok {
                outcome.latencies.append(Double((now - began).nanoseconds) / 1e6)
            } else {
                outcome.fail(BenchmarkError("status \(status?.code ?? 0)"))
            }
            guard keepAlive, status == .ok, now < deadline else {
                finished = true
                context.close(promise: nil)
                return
            }
            began = now
            send(context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // What happens while closing after the last response (a peer that resets, or closes
        // without a TLS close_notify) is no failure.
        if !finished { outcome.fail(error) }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.succeed(outcome)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        done.succeed(outcome)  // no-op when already completed
    }
}
