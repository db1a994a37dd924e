import LoupeCore
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// Why the proxy answered a request itself: the status sent to the client and the failure logged.
struct ProxyFailure: Error {
    var status: HTTPResponseStatus
    var error: EventError

    init(_ status: HTTPResponseStatus, _ kind: EventError.Kind, _ message: String) {
        self.status = status
        self.error = EventError(kind: kind, message: message)
    }

    /// How the log records the proxy's own answer: its status, and the failure.
    var loggedFinish: ProxyLogCommand.Finish {
        ProxyLogCommand.Finish(
            response: CapturedResponse(status: Int(status.code), reason: status.reasonPhrase,
                                       headers: [HTTPHeader(name: "via", value: ProxyHeaders.via)]),
            error: error)
    }

    /// Classifies an error from connecting to or talking with `authority`: unreachable → 502,
    /// timeout → 504.
    static func upstream(_ error: any Error, authority: String) -> ProxyFailure {
        switch error {
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return ProxyFailure(.badGateway, .dnsFailure, "The proxy could not resolve \(authority); check the host name.")
            }
            if error.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                return ProxyFailure(.badGateway, .connectionRefused, "\(authority) refused the connection; is the server running?")
            }
            return ProxyFailure(.badGateway, .other, "The proxy could not connect to \(authority).")
        case ChannelError.connectTimeout:
            return ProxyFailure(.gatewayTimeout, .timeout, "Connecting to \(authority) timed out.")
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return ProxyFailure(.badGateway, .tls, "The certificate of \(authority) is not valid for that name (hostname check failed); connect by a name the certificate lists, or pass --upstream-insecure for a development server.")
        case is NIOSSLError, is BoringSSLError:
            let text = String(describing: error).uppercased()
            if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("CERTIFICATE VERIFY FAILED") {
                return ProxyFailure(.badGateway, .tls, "The certificate of \(authority) is not trusted (chain verification failed: \(error)); pass --upstream-ca FILE with its CA, or --upstream-insecure to skip the check.")
            }
            if text.contains("WRONG_VERSION_NUMBER") || text.contains("PACKET_LENGTH_TOO_LONG") || text.contains("HTTP_REQUEST") {
                return ProxyFailure(.badGateway, .tls, "\(authority) does not speak TLS on that port (its answer is not a TLS handshake).")
            }
            return ProxyFailure(.badGateway, .tls, "The TLS handshake with \(authority) failed: \(error).")
        case let error as NIOHTTP2Errors.StreamClosed:
            return ProxyFailure(.badGateway, .connectionClosed, "\(authority) reset the HTTP/2 stream (\(error.errorCode)) before the response was complete.")
        case let error as any NIOHTTP2Error:
            return ProxyFailure(.badGateway, .protocolError, "\(authority) broke the HTTP/2 protocol (\(error)).")
        case let error as HTTPParserError:
            return ProxyFailure(.badGateway, .protocolError, "\(authority) sent a malformed response (\(error)).")
        default:
            return ProxyFailure(.badGateway, .other, "The connection to \(authority) failed: \(error).")
        }
    }

    /// The answer to a request whose response head did not come within the upstream timeout.
    static func timeout(_ authority: String, after timeout: TimeAmount) -> ProxyFailure {
        ProxyFailure(.gatewayTimeout, .timeout,
                     "\(authority) did not answer within \(timeout.nanoseconds / 1_000_000) ms (--upstream-timeout).")
    }
}
