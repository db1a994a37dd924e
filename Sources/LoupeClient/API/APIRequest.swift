import Foundation
import LoupeCore

/// One HTTP request on its way through the ``APIMiddleware`` chain: what will be sent, and what
/// the middleware needs to know about the endpoint it came from.
public struct APIRequest: Sendable {
    /// The HTTP method.
    public var method: APIMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The headers, in the order they are sent.
    public var headers: [HTTPHeader]
    /// The encoded body, or nil for none.
    public var body: Data?
    /// How long one attempt may take, from sending to the last byte of the response.
    public var timeout: Duration
    /// See ``APIEndpoint/requiresAuth``.
    public var requiresAuth: Bool
    /// See ``APIEndpoint/isIdempotent``.
    public var isIdempotent: Bool
    /// The id shared by every attempt of this logical request, once ``RequestIDMiddleware`` set it.
    public var requestID: String?
    /// 1 for the first attempt on the wire, 2 for the next …; set by ``LoggingMiddleware`` (0 before).
    public var attempt: Int
    /// Hands out attempt numbers across every middleware that re-sends this logical request.
    let attempts: AttemptCounter

    /// A request for `url`; the other values default to a GET with no body.
    public init(method: APIMethod = .get, url: URL, headers: [HTTPHeader] = [], body: Data? = nil,
                timeout: Duration = .seconds(30), requiresAuth: Bool = false, isIdempotent: Bool? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.requiresAuth = requiresAuth
        self.isIdempotent = isIdempotent ?? method.isIdempotent
        self.requestID = nil
        self.attempt = 0
        self.attempts = AttemptCounter()
    }

    /// Sets the header called `name` (compared case-insensitively) to `value`, replacing every
    /// earlier value, at the position of the first one.
    public mutating func setHeader(_ name: String, _ value: String) {
        guard let first = headers.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
            headers.append(HTTPHeader(name: name, value: value))
            return
        }
        headers[first].value = value
        headers = headers.enumerated()
            .filter { $0.offset == first || !$0.element.name.caseInsensitiveEquals(name) }
            .map(\.element)
    }
}
