import FuzzSupport
import LoupeCore
import LoupeRedaction
import NIOCore
import NIOEmbedded
@testable import LoupeProxy

/// A forward proxy and a reverse proxy (whose upstream is never reached: an `EmbeddedChannel`
/// cannot open sockets, so every forwarded request fails over to a 502), logging into one
/// redacting logger as `loupe proxy` does.
private let proxies: [ProxyContext] = {
    let logger = NetworkLogger(configuration: .redacting(maxEvents: 1_000))
    let sink = ProxyEventSink(logger: logger, maxQueued: ProxyServer.Configuration().maxQueuedLogCommands, onFinished: nil)
    var forward = ProxyServer.Configuration()
    forward.connectPorts = [443, 8443]
    forward.maxHeaderBytes = 4 * 1024  // small, so the fuzzer reaches the 431 path
    var reverse = forward
    reverse.upstream = try? ProxyUpstream(parsing: "http://127.0.0.1:9")
    return [forward, reverse].map { ProxyContext(configuration: $0, sink: sink, logger: .init(label: "loupe.fuzz")) }
}()

/// Builds the rule set before the first input: in a sanitized debug build that takes longer than
/// libFuzzer's per-input timeout.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzProxyRequestInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: OpaquePointer?) -> CInt {
    _ = proxies
    return 0
}

/// Fuzzes the proxy's handling of a client connection: the bytes arrive, in chunks the input
/// picks, at an `EmbeddedChannel` running the pipeline every accepted connection gets (request
/// line guard, HTTP/1.1 decoder, ``ProxyConnectionHandler``; the HTTP/2 handlers instead when the
/// bytes open with the HTTP/2 preface).
///
/// Invariants: nothing crashes, and whatever the proxy writes back is a sequence of well-formed
/// HTTP/1.x responses, or of HTTP/2 frames after the preface (or nothing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProxyRequest(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let proxy = proxies[input.number(below: proxies.count)]
    let seed = input.byte()
    let request = input.rest()

    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
    do {
        try proxy.addHTTPServerHandlers(to: channel.pipeline.syncOperations)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
    } catch {
        invariant(false, "the pipeline could not be set up: \(error)")
    }
    var written: [UInt8] = []
    for chunk in chunks(of: request, seed: seed) where channel.isActive {
        do {
            try channel.writeInbound(ByteBuffer(bytes: chunk))
        } catch {
            break  // a decoder error the handler already answered
        }
        channel.embeddedEventLoop.run()
        written += drainOutbound(channel)
    }
    channel.embeddedEventLoop.run()
    written += drainOutbound(channel)
    if request.starts(with: HTTP2PrefaceSniffer.preface) {
        if let problem = HTTP2FrameChecker.problem(in: written) {
            invariant(false, "\(problem) in the HTTP/2 frames the proxy wrote: \(written.prefix(200))")
        }
    } else if let problem = HTTPResponseChecker.problem(in: written) {
        invariant(false, "\(problem) in what the proxy wrote:\n\(String(decoding: written, as: UTF8.self).debugDescription)")
    }
    return 0
}

/// The bytes written to the client so far (reading as IOData takes plain ByteBuffers too).
private func drainOutbound(_ channel: EmbeddedChannel) -> [UInt8] {
    var bytes: [UInt8] = []
    while let data = try? channel.readOutbound(as: IOData.self) {
        if case .byteBuffer(let buffer) = data { bytes += buffer.readableBytesView }
    }
    return bytes
}
