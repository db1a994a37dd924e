import Foundation

/// Why an ``APIClient`` request failed, as one case a caller can switch over and a sentence a
/// person can read. Messages never quote tokens, bodies or header values.
///
/// ```swift
/// do { let models = try await client.send(ListModels()) }
/// catch NetworkError.offline { showOfflineBanner() }
/// catch let error as NetworkError { showAlert(error.description) }
/// ```
public enum NetworkError: Error, Sendable, Hashable {
    /// The request needs a session and there is none, or the server answered 401 even after a
    /// token refresh.
    case unauthorized
    /// The server answered 403: the session is valid but not allowed to do this.
    case forbidden
    /// The server answered 404.
    case notFound
    /// The server answered 429; `retryAfter` is its `Retry-After` wait when it sent one.
    case rateLimited(retryAfter: Duration?)
    /// The server answered a 5xx status.
    case server(status: Int)
    /// The server answered a status the client does not expect (another 4xx, or a 3xx).
    case unexpectedStatus(Int)
    /// The connection failed or broke after it was made; `reason` says how.
    case transport(reason: String)
    /// The response body did not decode into the expected type; `path` is where, like
    /// `messages[2].createdAt` (empty for the whole body).
    case unexpectedPayload(path: String, reason: String)
    /// The server could not be reached at all: nothing listens there, or there is no network.
    case offline
    /// No complete response arrived within the request's timeout.
    case timeout
    /// The calling task was cancelled.
    case cancelled
    /// The session could not provide a valid token: its refresh was rejected (the session is now
    /// signed out) or failed.
    case session(SessionError)
    /// The request could not be built: a path that is not a URL, or a body that does not encode.
    case invalidRequest(reason: String)
}

extension NetworkError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .unauthorized:
            "The request needs a valid sign-in and there is none (HTTP 401 or no session); sign in again."
        case .forbidden:
            "The server refused the request for this account (HTTP 403)."
        case .notFound:
            "The server has nothing at this address (HTTP 404)."
        case .rateLimited(let retryAfter?):
            "The server is rate limiting requests (HTTP 429); try again in \(Self.seconds(retryAfter))."
        case .rateLimited(nil):
            "The server is rate limiting requests (HTTP 429); try again later."
        case .server(let status):
            "The server failed to handle the request (HTTP \(status)); try again later."
        case .unexpectedStatus(let status):
            "The server answered HTTP \(status), which this request does not expect."
        case .transport(let reason):
            "The connection to the server failed: \(reason)"
        case .unexpectedPayload(let path, let reason):
            path.isEmpty
                ? "The server's response is not what the app expects: \(reason)"
                : "The server's response is not what the app expects at \(path): \(reason)"
        case .offline:
            "The server cannot be reached; check the network connection and that the server is running."
        case .timeout:
            "The server did not answer in time; try again."
        case .cancelled:
            "The request was cancelled."
        case .session(let error):
            error.description
        case .invalidRequest(let reason):
            "The request could not be built: \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// Whether the failure happened on the way to or from the server (not an HTTP answer), so an
    /// idempotent request may be sent again.
    public var isTransportFailure: Bool {
        switch self {
        case .transport, .offline, .timeout: true
        default: false
        }
    }

    /// "3 seconds", "1 second", "1.5 seconds".
    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if value == 1 { return "1 second" }
        return value == value.rounded() ? "\(Int(value)) seconds" : String(format: "%.1f seconds", value)
    }
}
