import ChatAPI
import Hummingbird

/// An error response of the chat backend: an HTTP status plus an ``APIError`` JSON body.
struct ChatError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var body: APIError
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.body = APIError(error: code, message: message)
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONResponse.make(body, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    static func badRequest(_ message: String) -> ChatError {
        ChatError(.badRequest, "bad_request", message)
    }

    static func notFound(_ message: String) -> ChatError {
        ChatError(.notFound, "not_found", message)
    }

    /// The 401 of a request without a bearer token.
    static let missingBearerToken = ChatError.unauthorized(
        "This route needs an Authorization: Bearer <access token> header; sign in at POST /rpc/login_with_magic_token.", invalidToken: false)

    /// A 401 with a `WWW-Authenticate` challenge (RFC 6750) so clients know to refresh or sign in.
    static func unauthorized(_ message: String, invalidToken: Bool) -> ChatError {
        let challenge = invalidToken ? "Bearer error=\"invalid_token\"" : "Bearer"
        return ChatError(.unauthorized, "unauthorized", message, headers: [.wwwAuthenticate: challenge])
    }
}
