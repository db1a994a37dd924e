import Foundation
import LoupeCore

extension NetworkError {
    /// The ``NetworkError`` any error thrown while sending means: a ``NetworkError`` stays as it
    /// is, AsyncHTTPClient and NIO errors are classified (refused or unreachable → offline,
    /// deadline → timeout, cancellation → cancelled, the rest → transport).
    init(mapping error: any Error) {
        if let error = error as? NetworkError {
            self = error
            return
        }
        let failure = TransportFailure(error)
        switch failure.kind {
        case .unreachable: self = .offline
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        case .closed, .other: self = .transport(reason: failure.reason)
        }
    }

    /// The error for a response that is not 2xx, or nil for a 2xx.
    init?(response: APIResponse, now: Date) {
        switch response.status {
        case 200..<300: return nil
        case 401: self = .unauthorized
        case 403: self = .forbidden
        case 404: self = .notFound
        case 429: self = .rateLimited(retryAfter: response.headers["retry-after"].flatMap { RetryAfter.delay($0, now: now) })
        case 500...599: self = .server(status: response.status)
        default: self = .unexpectedStatus(response.status)
        }
    }

    /// The kind a ``NetworkEvent`` records for this error; `underlying` (what was thrown) keeps
    /// the detail a ``NetworkError`` loses, like a refused connection versus an unreachable host.
    func eventKind(for underlying: any Error) -> EventError.Kind {
        switch self {
        case .cancelled: .cancelled
        case .timeout: .timeout
        case .unexpectedPayload: .decoding
        case .offline, .transport: underlying is NetworkError ? (self == .offline ? .connectionRefused : .other)
                                                              : TransportFailure(underlying).eventKind
        case .unauthorized, .forbidden, .notFound, .rateLimited, .server, .unexpectedStatus: .http
        case .session, .invalidRequest: .other
        }
    }
}
