import NIOCore

/// What `loupe proxy --intercept` does with CONNECT tunnels: which hosts get their TLS terminated
/// with a leaf from Loupe's certificate authority (so their exchanges are logged in clear), and
/// which stay blind tunnels.
///
/// ```swift
/// let authority = try CertificateAuthority.loadOrCreate(in: CertificateAuthority.defaultDirectory())
/// configuration.interception = HTTPSInterception(certificates: LeafCertificateCache(authority: authority),
///                                                ignoredHosts: [try HostPattern("pinned\\.example\\.com")])
/// ```
public struct HTTPSInterception: Sendable {
    /// Where leaves come from, minted once per host.
    public var certificates: LeafCertificateCache
    /// Intercept only hosts matching one of these; every host when empty.
    public var hosts: [HostPattern]
    /// Never intercept hosts matching one of these (hosts that pin their certificate, say): their
    /// tunnels stay blind. Wins over ``hosts``.
    public var ignoredHosts: [HostPattern]
    /// How long a client has, after the `200` to its CONNECT, to complete its TLS handshake;
    /// then the tunnel is closed and logged as timed out.
    public var handshakeTimeout: TimeAmount = .seconds(10)

    public init(certificates: LeafCertificateCache, hosts: [HostPattern] = [], ignoredHosts: [HostPattern] = []) {
        self.certificates = certificates
        self.hosts = hosts
        self.ignoredHosts = ignoredHosts
    }

    /// Whether a CONNECT to `host:port` is intercepted.
    public func intercepts(host: String, port: Int) -> Bool {
        if ignoredHosts.contains(where: { $0.matches(host: host, port: port) }) { return false }
        return hosts.isEmpty || hosts.contains(where: { $0.matches(host: host, port: port) })
    }
}
