import Foundation
import NIOCore
import NIOSSL

extension ProxyServer {
    /// How a ``ProxyServer`` listens, where it sends requests and how much it captures.
    ///
    /// ```swift
    /// var configuration = ProxyServer.Configuration()
    /// configuration.port = 0                                   // any free port
    /// configuration.upstream = try ProxyUpstream(parsing: "http://127.0.0.1:9000")  // reverse mode
    /// ```
    public struct Configuration: Sendable {
        /// The address to listen on; loopback unless ``allowRemote`` is set.
        public var host: String = "127.0.0.1"
        /// The port to listen on (0 picks a free one).
        public var port: Int = 8080
        /// Reverse mode when set: every request goes here. Forward mode (absolute-form requests and
        /// CONNECT tunnels) when nil.
        public var upstream: ProxyUpstream?
        /// The most decoded bytes of each request and response body kept in the log.
        public var maxBodyCapture: Int = 1 << 20
        /// Messages of one WebSocket connection (or of one gRPC call) stored in its exchange;
        /// later ones are counted as dropped (`--max-ws-messages`).
        public var maxWebSocketMessages: Int = 10_000
        /// The ports CONNECT may open tunnels to; others get 403.
        public var connectPorts: Set<Int> = [443, 8443]
        /// How long to wait for an upstream connection and for its response head before answering 504.
        public var upstreamTimeout: TimeAmount = .seconds(30)
        /// How long a client may take to send a whole request header section, counted from the
        /// connection's start or the end of its previous exchange: slow clients (slowloris) and idle
        /// kept-alive connections are closed after it, so they never hold a connection slot forever.
        public var headerTimeout: TimeAmount = .seconds(30)
        /// Client connections beyond this many are closed as soon as they are accepted.
        public var maxConnections: Int = 1024
        /// How many log updates may wait for the logger before new exchanges are forwarded without
        /// being logged (counted in ``ProxyServer/droppedExchanges`` and the logger's
        /// ``NetworkLogger/Stats/droppedEvents``), so a logger slower than the traffic cannot make
        /// the proxy's memory grow without bound.
        public var maxQueuedLogCommands: Int = 100_000
        /// The largest request header section accepted; larger ones get 431.
        public var maxHeaderBytes: Int = 64 * 1024
        /// Whether ``host`` may be something other than a loopback address.
        public var allowRemote: Bool = false
        /// HTTPS interception of CONNECT tunnels (`--intercept`); tunnels stay blind when nil.
        public var interception: HTTPSInterception?
        /// PEM files of certificate authorities trusted for HTTPS upstreams besides the system's
        /// (`--upstream-ca`).
        public var upstreamCAFiles: [String] = []
        /// Whether HTTPS upstreams' certificates go unverified (`--upstream-insecure`); every
        /// event then says so.
        public var upstreamInsecure: Bool = false
        /// Which HTTP version the proxy speaks to upstreams (`--upstream-http`).
        public var upstreamHTTPVersion: UpstreamHTTPVersion = .automatic

        /// The defaults: forward mode on 127.0.0.1:8080, 1 MiB capture, CONNECT to 443 and 8443, 30 s timeout.
        public init() {}

        /// Throws when the listen address is not loopback and remote access was not allowed, or
        /// an upstream CA file holds no certificate.
        public func validate() throws(ProxyConfigurationError) {
            for file in upstreamCAFiles {
                guard FileManager.default.isReadableFile(atPath: file) else {
                    throw ProxyConfigurationError("The upstream CA file \(file) does not exist or cannot be read; check the path given to --upstream-ca.")
                }
                let certificates: [NIOSSLCertificate]
                do {
                    certificates = try NIOSSLCertificate.fromPEMFile(file)
                } catch {
                    throw ProxyConfigurationError("The upstream CA file \(file) could not be read as PEM certificates (\(error)); pass a file with -----BEGIN CERTIFICATE----- blocks.")
                }
                guard !certificates.isEmpty else {
                    throw ProxyConfigurationError("The upstream CA file \(file) holds no certificate; pass a file with -----BEGIN CERTIFICATE----- blocks.")
                }
            }
            guard !allowRemote else { return }
            let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
            guard loopback else {
                throw ProxyConfigurationError("The proxy would listen on \(host), which is not a loopback address; pass --allow-remote to accept connections from other machines.")
            }
        }
    }
}
