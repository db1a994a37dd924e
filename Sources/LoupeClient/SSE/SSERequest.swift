import Foundation
import LoupeCore

/// What an ``SSEClient`` sends to open an event stream; the same request is sent again on every
/// reconnection, with `Last-Event-ID` added once the stream has given an id.
///
/// ```swift
/// let request = SSERequest(url: "https://api.example.com/conversations/42/messages", method: "POST",
///                          headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
///                          body: Data(#"{"text":"hi"}"#.utf8))
/// ```
public struct SSERequest: Sendable, Hashable {
    /// The absolute `http` or `https` URL of the stream.
    public var url: String
    /// The HTTP method, `GET` unless a body must be posted.
    public var method: String
    /// Extra request headers, sent in order; `Accept: text/event-stream`, `Cache-Control: no-cache`
    /// and an `X-Request-ID` shared by all attempts are added unless present.
    public var headers: [HTTPHeader]
    /// The request body, resent unchanged on every reconnection; nil sends none.
    public var body: Data?
    /// The event ID to resume from on the first connection (sent as `Last-Event-ID`); nil or
    /// empty starts from the beginning.
    public var lastEventID: String?

    /// A request for the stream at `url`.
    public init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: Data? = nil,
                lastEventID: String? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.lastEventID = lastEventID
    }
}
