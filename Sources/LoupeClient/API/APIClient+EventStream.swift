import Foundation
import LoupeCore

extension APIClient {
    /// The ``SSERequest`` that opens `endpoint` as an event stream with an ``SSEClient``: the same
    /// URL, body and headers as ``send(_:body:)`` would use (the bearer token included when the
    /// endpoint requires auth), with `Accept: text/event-stream`.
    ///
    /// ```swift
    /// let request = try await api.eventStreamRequest(StreamReply(conversationID: id), body: prompt)
    /// for try await delta in sse.events(request, decoding: Delta.self) { … }
    /// ```
    ///
    /// - Throws: ``NetworkError/unauthorized`` when the endpoint requires auth and the client has
    ///   no session, or the errors of ``SessionController/validAccessToken()``.
    public func eventStreamRequest<Endpoint: APIEndpoint>(_ endpoint: Endpoint, body: Endpoint.RequestBody)
        async throws(NetworkError) -> SSERequest
    {
        var request = try await AuthMiddleware(session: session)
            .authorized(configuration.requestBuilder.request(for: endpoint, body: body))
        request.setHeader("Accept", "text/event-stream")
        return SSERequest(url: request.url.absoluteString, method: request.method.rawValue,
                          headers: request.headers, body: request.body)
    }
}
