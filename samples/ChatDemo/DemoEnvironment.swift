import ChatBackend

/// The running pieces of a demo: the sample backend, the reverse proxy in front of it and the
/// log API, all on loopback.
public struct DemoEnvironment: Sendable {
    /// The sample backend; its ``ChatBackend/faults`` inject the failures the script shows.
    public let backend: ChatBackend
    /// The backend's port (the instrumented client calls it directly).
    public let backendPort: Int
    /// The reverse proxy's port (plain HTTP requests go through it to the backend).
    public let proxyPort: Int
    /// The log API's port.
    public let logAPIPort: Int
    /// The web inspector's address, with the log API's access token (what `console --attach` takes).
    public let logAPIURL: String

    /// The backend's base URL.
    public var backendURL: String { "http://127.0.0.1:\(backendPort)" }
    /// The proxy's base URL.
    public var proxyURL: String { "http://127.0.0.1:\(proxyPort)" }
}
