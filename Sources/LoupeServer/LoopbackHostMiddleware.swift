import Foundation
import Hummingbird

/// Refuses a request to a loopback-only log API that names another host: a `Host` that is not a
/// loopback name or address (a DNS-rebinding page reaches 127.0.0.1 under its own name), or an
/// `Origin` that is not a loopback page (another site's script). The log is redacted, but it is
/// still nobody else's business.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, Self.isLoopback(host: Self.host(ofAuthority: authority)) else {
            throw HTTPError(.misdirectedRequest, message: "The log API answers only requests addressed to a loopback host (127.0.0.1, localhost or [::1]); this one names \"\(request.head.authority?.prefix(80) ?? "")\".")
        }
        if let origin = request.headers[.origin] {
            guard let url = URL(string: origin), let host = url.host, Self.isLoopback(host: host) else {
                throw HTTPError(.forbidden, message: "The log API refuses requests from pages of another origin (\(origin.prefix(80))); open it from its own address.")
            }
        }
        return try await next(request, context)
    }

    /// The host of `host[:port]` or `[v6]:port`, without brackets.
    static func host(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Whether `host` names the loopback interface.
    static func isLoopback(host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
