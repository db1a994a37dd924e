/// The request half of an exchange, as it was sent (after redaction once stored).
public struct CapturedRequest: Codable, Sendable, Hashable {
    public var method: String
    /// The absolute URL, e.g. `https://api.example.com/conversations?limit=20`.
    public var url: String
    /// `HTTP/1.1`, `HTTP/2` …
    public var httpVersion: String
    public var headers: [HTTPHeader]
    public var body: CapturedBody?

    public init(method: String, url: String, httpVersion: String = "HTTP/1.1",
                headers: [HTTPHeader] = [], body: CapturedBody? = nil) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
    }
}
