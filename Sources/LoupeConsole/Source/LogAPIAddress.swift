import AsyncHTTPClient
import Foundation

/// A log API's address as a user gives it to `loupe console --attach` or `loupe export --from`:
/// `http://` is assumed without a scheme, a `/v1/…` path (a URL copied from a browser) or trailing
/// slash is dropped, and the access token is read from the `token` query parameter of the address
/// `loupe proxy` prints (`http://127.0.0.1:9901/?token=…`), else taken from the caller.
///
/// ```swift
/// let address = try LogAPIAddress("http://127.0.0.1:9901/?token=0123456789abcdef")
/// address.baseURL       // "http://127.0.0.1:9901"
/// address.accessToken   // "0123456789abcdef"
/// ```
public struct LogAPIAddress: Sendable, Hashable {
    /// `http://host:port`, without a trailing slash.
    public let baseURL: String
    /// The token requests carry as `Authorization: Bearer`, or nil.
    public let accessToken: String?

    /// - Parameter accessToken: The token when the address has none (`LOUPE_API_TOKEN`).
    /// - Throws: ``AttachError/invalidURL(_:)`` when it is not an http(s) address.
    public init(_ address: String, accessToken: String? = nil) throws(AttachError) {
        let invalid = AttachError.invalidURL(Self.withoutToken(address.prefix(200)))
        var text = address.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "http://" + text }
        guard var components = URLComponents(string: text) else { throw invalid }
        // Other parameters (a copied `/v1/events?limit=5`) name nothing about the server.
        let token = components.queryItems?.last { $0.name == "token" }?.value.flatMap { $0.isEmpty ? nil : $0 }
        components.query = nil
        components.fragment = nil
        var base = components.string ?? ""
        if let range = base.range(of: "/v1/") ?? base.range(of: "/v1", options: [.anchored, .backwards]) {
            base = String(base[..<range.lowerBound])
        }
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty, url.user == nil
        else { throw invalid }
        baseURL = base
        self.accessToken = token ?? accessToken
    }

    /// A GET of `path` (`/v1/stats`) with the token.
    public func request(_ path: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: baseURL + path)
        if let accessToken { request.headers.add(name: "Authorization", value: "Bearer \(accessToken)") }
        return request
    }

    /// `address` with the value of a `token` parameter hidden, for error messages.
    static func withoutToken(_ address: Substring) -> String {
        guard let range = address.range(of: "token=") else { return String(address) }
        let end = address[range.upperBound...].firstIndex(of: "&") ?? address.endIndex
        return String(address[..<range.upperBound]) + "…" + String(address[end...])
    }
}
