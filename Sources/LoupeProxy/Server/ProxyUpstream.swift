import Foundation

/// Where reverse mode sends every request: `http(s)://host[:port][/base]`.
///
/// ```swift
/// let upstream = try ProxyUpstream(parsing: "https://api.example.com/v1")
/// upstream.path(for: "/models?limit=2")  // "/v1/models?limit=2"
/// ```
public struct ProxyUpstream: Sendable, Hashable {
    /// Whether the upstream is reached over TLS (`https`).
    public var usesTLS: Bool
    /// The host name or IP literal (without brackets).
    public var host: String
    public var port: Int
    /// The path prefix put before every request's path, without a trailing slash ("" for none).
    public var basePath: String

    /// Parses an upstream URL; throws ``ProxyConfigurationError`` when it is not http(s) with a host.
    public init(parsing text: String) throws(ProxyConfigurationError) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else {
            throw ProxyConfigurationError("The upstream \"\(text)\" is not an http:// or https:// URL with a host; write it like https://api.example.com/base.")
        }
        guard components.query == nil, components.fragment == nil else {
            throw ProxyConfigurationError("The upstream \"\(text)\" has a query or fragment; give only scheme, host, port and base path.")
        }
        usesTLS = scheme == "https"
        self.host = host
        port = components.port ?? (usesTLS ? 443 : 80)
        var base = components.percentEncodedPath
        while base.hasSuffix("/") { base.removeLast() }
        basePath = base
    }

    /// An upstream at `host:port` without a base path (an intercepted CONNECT target).
    init(host: String, port: Int, usesTLS: Bool) {
        self.usesTLS = usesTLS
        self.host = host
        self.port = port
        basePath = ""
    }

    /// The origin-form target to send upstream for a client's origin-form `target`.
    public func path(for target: String) -> String {
        basePath.isEmpty ? target : basePath + target
    }

    /// The `Host` header value for the upstream: the port is left out when it is the scheme's default.
    public var hostHeader: String {
        ProxyTarget.authority(host: host, port: port, usesTLS: usesTLS)
    }
}

/// An invalid proxy setting, said as a sentence the CLI prints as it is.
public struct ProxyConfigurationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// An error with this sentence.
    public init(_ description: String) { self.description = description }
}
