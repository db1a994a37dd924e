import NIOCore

/// What a pair of ``TunnelGlueHandler``s tells about the bytes they relay: a CONNECT tunnel
/// counts them (``TunnelStats``), a WebSocket connection reads its frames along
/// (``WebSocketRecorder``). Both ends share one observer on one event loop.
protocol RelayObserver: AnyObject {
    /// Bytes one end read and passed on; `upload` is true for what the client sent.
    func observe(_ bytes: ByteBuffer, upload: Bool)
    /// One end closed (`client` is true for the client's connection); the second call means the
    /// relay is over.
    func sideClosed(client: Bool)
}
