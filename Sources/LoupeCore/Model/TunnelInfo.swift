/// A CONNECT tunnel's endpoint and traffic; the tunnelled bytes themselves are not decrypted.
public struct TunnelInfo: Codable, Sendable, Hashable {
    public var host: String
    public var port: Int
    /// Bytes sent from the client to the server.
    public var bytesUp: Int
    /// Bytes sent from the server to the client.
    public var bytesDown: Int

    public init(host: String, port: Int, bytesUp: Int = 0, bytesDown: Int = 0) {
        self.host = host
        self.port = port
        self.bytesUp = bytesUp
        self.bytesDown = bytesDown
    }
}
