import Crypto
import Foundation
import Hummingbird
import NIOCore

/// Refuses a request to the log API that does not carry its access token, as `Authorization:
/// Bearer TOKEN` (command-line clients) or a `token` query parameter (the inspector page, its live
/// feed and its download links, which a browser cannot give a header). Without it, any other user
/// of the machine, and any page that reaches loopback, could read the log.
///
/// The inspector's script and style sheet are open: they are the same for everyone and hold no data.
struct AccessTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The token requests must carry.
    let token: String
    /// Paths served without the token.
    let openPaths: Set<String>

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard openPaths.contains(request.uri.path) || Self.presented(in: request).contains(where: matches) else {
            let message = """
                The Loupe log API needs its access token. Open the address that `loupe proxy` or `loupe open` \
                printed at startup (it ends in ?token=…), or send the header Authorization: Bearer TOKEN.
                """
            guard request.uri.path == "/" else {
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"loupe\""], message: message)
            }
            // The page's address, opened in a browser: a sentence rather than JSON.
            return Response(status: .unauthorized,
                            headers: [.contentType: "text/plain; charset=utf-8", .wwwAuthenticate: "Bearer realm=\"loupe\""],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
        }
        return try await next(request, context)
    }

    /// The tokens a request offers: its bearer credential and its `token` query parameter.
    static func presented(in request: Request) -> [String] {
        var tokens: [String] = []
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                tokens.append(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        if let query = request.uri.queryParameters.get("token") { tokens.append(query) }
        return tokens
    }

    /// Compares digests, so the time taken says nothing about how much of the token was right.
    private func matches(_ candidate: String) -> Bool {
        SHA256.hash(data: Data(candidate.utf8)) == SHA256.hash(data: Data(token.utf8))
    }
}
