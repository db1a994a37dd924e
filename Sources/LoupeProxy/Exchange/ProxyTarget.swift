import NIOHTTP1

/// Where one proxied request goes: the upstream endpoint, the origin-form target sent to it, and
/// the absolute URL that is logged.
struct ProxyTarget: Hashable {
    var host: String
    var port: Int
    var usesTLS: Bool
    /// Origin-form target for the upstream request line (`/path?query`).
    var path: String
    /// The `Host` header to send.
    var hostHeader: String

    /// The endpoint a connection is made to; requests with the same key may share a connection.
    var endpoint: Endpoint { Endpoint(host: host, port: port, usesTLS: usesTLS) }

    /// A host, port and whether TLS is used.
    struct Endpoint: Hashable {
        var host: String
        var port: Int
        var usesTLS: Bool
    }

    /// The absolute URL of the request, as logged.
    var url: String { (usesTLS ? "https://" : "http://") + hostHeader + path }

    /// `host[:port]`, brackets around IPv6 literals, the port left out when it is the default.
    static func authority(host: String, port: Int, usesTLS: Bool) -> String {
        // The UTF-8 view: Foundation's String.contains(_:) took a fiftieth of a proxied request.
        let shownHost = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? shownHost : "\(shownHost):\(port)"
    }

    /// Resolves a request's target in reverse mode: the path is put under the upstream's base path.
    /// An absolute-form target is accepted too; only its path is used.
    static func reverse(uri: String, upstream: ProxyUpstream) -> ProxyTarget? {
        let originForm: String
        if uri.hasPrefix("/") {
            originForm = uri
        } else if let absolute = AbsoluteURI(uri) {
            originForm = absolute.path
        } else {
            return nil
        }
        return ProxyTarget(host: upstream.host, port: upstream.port, usesTLS: upstream.usesTLS,
                           path: upstream.path(for: originForm), hostHeader: upstream.hostHeader)
    }

    /// Resolves an absolute-form target (`http://host[:port]/path`) in forward mode.
    static func forward(uri: String) -> ProxyTarget? {
        guard let absolute = AbsoluteURI(uri) else { return nil }
        return ProxyTarget(host: absolute.host, port: absolute.port, usesTLS: absolute.usesTLS,
                           path: absolute.path,
                           hostHeader: authority(host: absolute.host, port: absolute.port, usesTLS: absolute.usesTLS))
    }

    /// `host:port` as a CONNECT target names it, brackets around IPv6 literals.
    static func connectAuthority(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// Parses a CONNECT authority-form target `host:port`; nil without a valid port.
    static func authorityForm(_ uri: String) -> (host: String, port: Int)? {
        guard let colon = uri.lastIndex(of: ":"), let port = Int(uri[uri.index(after: colon)...]),
              (1...65_535).contains(port)
        else { return nil }
        var host = Substring(uri[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == "@" || $0 == " " }) else { return nil }
        return (String(host), port)
    }
}

/// The parts of an `http://` or `https://` request target the proxy needs, parsed by hand
/// because Foundation's URL parsing costs more than the whole forwarding path.
private struct AbsoluteURI {
    var usesTLS: Bool
    var host: String
    var port: Int
    var path: String

    init?(_ uri: String) {
        let utf8 = uri.utf8
        let rest: Substring
        if utf8.count > 7, uri.prefix(7).lowercased() == "http://" {
            usesTLS = false
            rest = uri.dropFirst(7)
        } else if utf8.count > 8, uri.prefix(8).lowercased() == "https://" {
            usesTLS = true
            rest = uri.dropFirst(8)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        // Userinfo is not allowed in a request target (RFC 9112 §3.2.2); a client that sends it is confused.
        guard !authority.contains("@"), !authority.isEmpty else { return nil }
        var portNumber = usesTLS ? 443 : 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                guard let parsed = Int(after.dropFirst()), (1...65_535).contains(parsed) else { return nil }
                portNumber = parsed
            } else if !after.isEmpty {
                return nil
            }
            authority = authority[authority.index(after: authority.startIndex)..<close]
        } else if let colon = authority.lastIndex(of: ":") {
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty {
                guard let parsed = Int(digits), (1...65_535).contains(parsed) else { return nil }
                portNumber = parsed
            }
            authority = authority[..<colon]
        }
        guard !authority.isEmpty else { return nil }
        host = authority.lowercased()
        port = portNumber
        var target = rest[authorityEnd...]
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        path = target.hasPrefix("/") ? String(target) : "/" + target
    }
}
