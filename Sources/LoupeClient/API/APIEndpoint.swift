import Foundation
import LoupeCore

/// One operation of an HTTP API, typed by what it sends and what it returns; an ``APIClient``
/// sends it with ``APIClient/send(_:body:)``.
///
/// Only ``path`` is required; everything else has a default (GET, no query, authenticated, the
/// client's timeout, idempotent when the method is).
///
/// ```swift
/// struct ListConversations: APIEndpoint {
///     typealias ResponseBody = [Conversation]
///     var path: String { "/conversations" }
///     var query: [URLQueryItem] { [URLQueryItem(name: "limit", value: "20")] }
/// }
/// struct SendMessage: APIEndpoint {
///     typealias RequestBody = NewMessage
///     typealias ResponseBody = Message
///     let conversationID: String
///     var path: String { "/conversations/\(conversationID)/messages" }
///     var method: APIMethod { .post }   // not retried: POST is not idempotent
/// }
/// ```
public protocol APIEndpoint: Sendable {
    /// What the request carries, JSON-encoded; ``EmptyBody`` sends no body.
    associatedtype RequestBody: Encodable & Sendable = EmptyBody
    /// What a 2xx response decodes to from JSON; ``EmptyBody`` ignores the body.
    associatedtype ResponseBody: Decodable & Sendable = EmptyBody

    /// The path under the client's base URL, like `/conversations/42`.
    var path: String { get }
    /// The HTTP method; GET by default.
    var method: APIMethod { get }
    /// Query parameters, in order; none by default.
    var query: [URLQueryItem] { get }
    /// Extra request headers; none by default.
    var headers: [HTTPHeader] { get }
    /// Whether the request carries the session's bearer token; true by default. An endpoint that
    /// requires it fails with ``NetworkError/unauthorized`` without a session, before any network call.
    var requiresAuth: Bool { get }
    /// How long one attempt may take; nil (the default) uses the client's timeout.
    var timeout: Duration? { get }
    /// Whether the request may be sent again after a transport error, 5xx or 429; by default,
    /// whether ``method`` is idempotent (so POST is never retried unless the endpoint says so).
    var isIdempotent: Bool { get }
}

extension APIEndpoint {
    public var method: APIMethod { .get }
    public var query: [URLQueryItem] { [] }
    public var headers: [HTTPHeader] { [] }
    public var requiresAuth: Bool { true }
    public var timeout: Duration? { nil }
    public var isIdempotent: Bool { method.isIdempotent }
}
