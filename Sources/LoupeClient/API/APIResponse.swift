import Foundation
import LoupeCore

/// A complete HTTP response coming back through the ``APIMiddleware`` chain, whatever its status.
public struct APIResponse: Sendable {
    /// The status code, like 200.
    public var status: Int
    /// The reason phrase, like "OK".
    public var reason: String
    /// "HTTP/1.1", "HTTP/2".
    public var httpVersion: String
    /// The response headers, in order.
    public var headers: [HTTPHeader]
    /// The whole body.
    public var body: Data
    /// How long the response head took to arrive after the request was sent, when known.
    public var timeToHead: Duration?
    /// The ``NetworkEvent`` the logging middleware recorded this attempt as, so a later decoding
    /// failure can be added to it.
    var loggedEventID: UUID?

    /// A response; tests and custom transports build them.
    public init(status: Int, reason: String = "", httpVersion: String = "HTTP/1.1", headers: [HTTPHeader] = [],
                body: Data = Data(), timeToHead: Duration? = nil) {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.timeToHead = timeToHead
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
