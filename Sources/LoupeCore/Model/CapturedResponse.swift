/// The response half of an exchange.
public struct CapturedResponse: Codable, Sendable, Hashable {
    public var status: Int
    /// The reason phrase, e.g. `Not Found`; empty when the server sent none.
    public var reason: String
    public var httpVersion: String
    public var headers: [HTTPHeader]
    public var body: CapturedBody?
    /// The trailer section sent after the body (HTTP/2 and chunked HTTP/1.1; gRPC's
    /// `grpc-status` lives there), redacted like headers; nil when there was none.
    public var trailers: [HTTPHeader]?

    public init(status: Int, reason: String = "", httpVersion: String = "HTTP/1.1",
                headers: [HTTPHeader] = [], body: CapturedBody? = nil) {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
    }
}
