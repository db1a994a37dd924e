import AsyncHTTPClient
import Foundation
import LoupeCore
import NIOCore
import NIOPosix

/// What an error thrown by AsyncHTTPClient or NIO means for a request: the one place that
/// classifies transport errors for ``APIClient``, ``SSEClient`` and the tools that talk to a log API.
public struct TransportFailure: Sendable {
    /// The broad outcome.
    public enum Kind: Sendable, Hashable {
        /// Nothing could be reached: the connection was refused, or there is no route or network.
        case unreachable
        /// Connecting or waiting for the response took too long.
        case timeout
        /// The task was cancelled.
        case cancelled
        /// The server closed the connection before the response was complete.
        case closed
        /// Anything else: a protocol error, a TLS failure, a reset.
        case other
    }

    public let kind: Kind
    /// A lower-case sentence ending in a full stop, without request details.
    public let reason: String
    /// ``reason`` without its full stop, to quote inside another sentence.
    public var phrase: String { String(reason.dropLast()) }
    /// The kind stored in a ``NetworkEvent``'s error.
    public let eventKind: EventError.Kind

    /// Classifies `error`, thrown by AsyncHTTPClient or NIO (anything else reads as its description).
    public init(_ error: any Error) {
        if error is CancellationError {
            self.init(.cancelled, "the request was cancelled.", .cancelled)
            return
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: self.init(.cancelled, "the request was cancelled.", .cancelled)
            case .connectTimeout: self.init(.timeout, "connecting timed out.", .timeout)
            case .deadlineExceeded, .readTimeout: self.init(.timeout, "no response arrived in time.", .timeout)
            case .remoteConnectionClosed: self.init(.closed, "the server closed the connection.", .connectionClosed)
            default: self.init(.other, "\(error).", .protocolError)
            }
            return
        }
        if let error = error as? NIOConnectionError {
            // Every address failed to connect; the first failure is representative.
            let first = error.connectionErrors.first?.error ?? error.dnsAAAAError ?? error.dnsAError
            if let first {
                self.init(first)
            } else {
                self.init(.unreachable, "could not resolve or connect to \(error.host).", .dnsFailure)
            }
            return
        }
        if let error = error as? IOError {
            let reason = "\(String(cString: strerror(error.errnoCode)).lowercased())."
            switch error.errnoCode {
            case ECONNREFUSED: self.init(.unreachable, reason, .connectionRefused)
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN: self.init(.unreachable, reason, .other)
            case ETIMEDOUT: self.init(.timeout, reason, .timeout)
            case ECONNRESET, EPIPE: self.init(.closed, reason, .connectionClosed)
            default: self.init(.other, reason, .other)
            }
            return
        }
        if error is NIOTooManyBytesError {
            self.init(.other, "the response is larger than the client accepts.", .other)
            return
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: self.init(.timeout, "connecting timed out.", .timeout)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                self.init(.closed, "the connection closed unexpectedly.", .connectionClosed)
            default: self.init(.other, "\(error).", .other)
            }
            return
        }
        // NIO and AHC errors describe addresses and socket errors, never request data.
        self.init(.other, "\(error).", .other)
    }

    private init(_ kind: Kind, _ reason: String, _ eventKind: EventError.Kind) {
        self.kind = kind
        self.reason = reason
        self.eventKind = eventKind
    }
}
