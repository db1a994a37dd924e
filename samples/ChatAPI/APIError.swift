/// The JSON body of every error response, e.g.
/// `{"error":"unauthorized","message":"The access token has expired; refresh it or sign in again."}`.
public struct APIError: Codable, Sendable, Hashable, Error {
    /// Machine-readable code: `bad_request`, `unauthorized`, `not_found`, `rate_limited`,
    /// `unavailable`, `method_not_allowed`, `internal`, or `fault` for injected failures.
    public var error: String
    /// A sentence saying what was wrong and what to do.
    public var message: String

    /// Creates an error body.
    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }
}
