import ChatBackend
import Foundation
import LoupeClient
import LoupeCore

/// Another endpoint sent with extra request headers (the backend's `X-Fault…` knobs) and,
/// optionally, its own timeout; everything else is the wrapped endpoint's.
struct FaultyEndpoint<Wrapped: APIEndpoint>: APIEndpoint {
    typealias RequestBody = Wrapped.RequestBody
    typealias ResponseBody = Wrapped.ResponseBody

    var wrapped: Wrapped
    var faultHeaders: [HTTPHeader]
    var attemptTimeout: Duration?

    init(_ wrapped: Wrapped, _ headers: [(String, String)], timeout: Duration? = nil) {
        self.wrapped = wrapped
        self.faultHeaders = headers.map { HTTPHeader(name: $0.0, value: $0.1) }
        self.attemptTimeout = timeout
    }

    var path: String { wrapped.path }
    var method: APIMethod { wrapped.method }
    var query: [URLQueryItem] { wrapped.query }
    var headers: [HTTPHeader] { wrapped.headers + faultHeaders }
    var requiresAuth: Bool { wrapped.requiresAuth }
    var timeout: Duration? { attemptTimeout ?? wrapped.timeout }
    var isIdempotent: Bool { wrapped.isIdempotent }
}

extension APIEndpoint {
    /// This endpoint with the backend forced to answer `status` (`X-Fault`).
    func failing(with status: Int, retryAfter: Int? = nil) -> FaultyEndpoint<Self> {
        FaultyEndpoint(self, [(FaultOverrides.Header.status, String(status))]
            + (retryAfter.map { [(FaultOverrides.Header.retryAfter, String($0))] } ?? []))
    }

    /// This endpoint with the backend waiting `delay` before answering, and `timeout` per attempt.
    func delayed(by delay: Duration, timeout: Duration? = nil) -> FaultyEndpoint<Self> {
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        return FaultyEndpoint(self, [(FaultOverrides.Header.delay, String(milliseconds))], timeout: timeout)
    }
}
