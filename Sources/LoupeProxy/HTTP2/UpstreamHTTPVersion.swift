/// Which HTTP version the proxy speaks to upstreams.
public enum UpstreamHTTPVersion: String, Sendable, CaseIterable {
    /// Over TLS, what the upstream picks from `h2` and `http/1.1` in ALPN; over plain TCP,
    /// HTTP/2 with prior knowledge for gRPC (which speaks nothing else) and for any request to an
    /// upstream already reached that way, else HTTP/1.1 (plain TCP cannot negotiate, and most
    /// servers there speak only HTTP/1.1).
    case automatic = "auto"
    /// HTTP/1.1 always.
    case http1_1 = "1.1"
    /// HTTP/2 always: `h2` alone in ALPN, prior knowledge over plain TCP.
    case http2 = "2"

    /// The ALPN offer of a TLS upstream connection.
    var applicationProtocols: [String] {
        switch self {
        case .automatic: ["h2", "http/1.1"]
        case .http1_1: ["http/1.1"]
        case .http2: ["h2"]
        }
    }

    /// Whether a new plain-TCP upstream connection for a request speaks HTTP/2 (`grpc`: the
    /// request is gRPC).
    func usesHTTP2OverPlainTCP(grpc: Bool) -> Bool {
        switch self {
        case .automatic: grpc
        case .http1_1: false
        case .http2: true
        }
    }
}
