import Foundation

/// Why an ``SSEClient`` stream stopped. Messages never quote header values, so they can be logged
/// without leaking tokens.
public enum SSEClientError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The server answered 204 No Content, which tells a client to stop reconnecting.
    case noContent(url: String)
    /// The server answered a status other than 200.
    case unexpectedStatus(Int, reason: String, url: String)
    /// The server answered 200 with a body that is not `text/event-stream`; the media type is
    /// nil when the response had no usable `Content-Type`.
    case unexpectedContentType(String?, url: String)
    /// The request could not be sent or the connection failed, and no reconnection was allowed.
    case connectionFailed(reason: String, url: String)
    /// The URL is not an absolute `http` or `https` URL.
    case invalidURL(String)
    /// An event's `data` was not the JSON the typed stream expected.
    case undecodableEvent(type: String, reason: String)

    public var description: String {
        switch self {
        case .noContent(let url):
            "The server at \(url) answered 204 No Content, which means the stream is over; not reconnecting."
        case .unexpectedStatus(let status, let reason, let url):
            "The server at \(url) answered HTTP \(status)\(reason.isEmpty ? "" : " \(reason)") instead of 200; not reconnecting."
        case .unexpectedContentType(let mediaType?, let url):
            "The server at \(url) answered with \(mediaType) instead of text/event-stream; not reconnecting."
        case .unexpectedContentType(nil, let url):
            "The server at \(url) answered without a text/event-stream Content-Type; not reconnecting."
        case .connectionFailed(let reason, let url):
            "The connection to \(url) failed: \(reason)"
        case .invalidURL(let url):
            "'\(url)' is not an absolute http or https URL."
        case .undecodableEvent(let type, let reason):
            "A '\(type)' event's data is not the expected JSON: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
