import Foundation
import LoupeCore

/// Gives each logical request an `X-Request-ID`: a fresh UUID, or the one the endpoint already
/// set. The chain's later steps copy the request, so retries and the retry after a token refresh
/// carry the same id, and the log groups them.
public struct RequestIDMiddleware: APIMiddleware {
    /// The header that carries the id.
    public static let headerName = "X-Request-ID"

    private let makeID: @Sendable () -> String

    /// A middleware that makes ids with `makeID` (lower-case random UUIDs by default).
    public init(makeID: @escaping @Sendable () -> String = { UUID.random().uuidString.lowercased() }) {
        self.makeID = makeID
    }

    public func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
        var request = request
        let id = request.requestID ?? request.headers[Self.headerName] ?? makeID()
        request.requestID = id
        request.setHeader(Self.headerName, id)
        return try await next(request)
    }
}
