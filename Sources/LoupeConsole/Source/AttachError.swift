/// Why attaching to a log API failed; messages name the server but never event data.
public enum AttachError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The base URL is not an absolute http(s) URL.
    case invalidURL(String)
    /// Nothing answered at the address (refused, timed out, unknown host).
    case unreachable(url: String, reason: String)
    /// The snapshot request answered something other than 200.
    case unexpectedStatus(Int, url: String)
    /// The server answered 401: the access token is missing or not the server's.
    case tokenRefused(url: String)
    /// The snapshot was not a JSON array of events.
    case invalidSnapshot(url: String)
    /// A feed event's data did not fit its type.
    case undecodable(type: String, reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "'\(url)' is not a log API address; give one like http://127.0.0.1:9901."
        case .unreachable(let url, let reason):
            "\(url) did not answer (\(reason)); check that a Loupe log API runs there (loupe proxy --api)."
        case .unexpectedStatus(let status, let url):
            "\(url) answered HTTP \(status) instead of the event list; is this a Loupe log API?"
        case .tokenRefused(let url):
            "\(url) refused the access token (HTTP 401); give the address `loupe proxy` printed, which ends in "
                + "?token=…, or set LOUPE_API_TOKEN."
        case .invalidSnapshot(let url):
            "\(url) did not answer with a JSON array of events; is this a Loupe log API?"
        case .undecodable(let type, let reason):
            "A '\(type)' change from the log API was skipped: \(reason)."
        }
    }
}
