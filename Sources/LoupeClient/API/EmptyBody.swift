/// The body of an endpoint that sends or returns none: as a ``APIEndpoint/RequestBody`` nothing
/// is sent (and no `Content-Type`), as a ``APIEndpoint/ResponseBody`` whatever the server sends,
/// typically 204 No Content, is ignored.
public struct EmptyBody: Codable, Sendable, Hashable {
    /// The empty body.
    public init() {}
}
