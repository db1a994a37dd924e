import AsyncHTTPClient
import Foundation
import LoupeCore
import NIOCore

/// A typed HTTP/JSON client: sends ``APIEndpoint``s through a middleware chain and records every
/// attempt in a ``NetworkLogger``.
///
/// The chain, outermost first: ``RequestIDMiddleware`` (one `X-Request-ID` per logical request),
/// ``AuthMiddleware`` (bearer token from the ``SessionController``), ``RetryMiddleware`` (backoff
/// for idempotent requests), ``RefreshMiddleware`` (one refresh and one retry after a 401),
/// ``LoggingMiddleware`` (one ``NetworkEvent`` per attempt), then the transport.
///
/// ```swift
/// let client = APIClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8080")!),
///                        session: session, networkLogger: logger)
/// let models = try await client.send(ListModels())
/// let message = try await client.send(SendMessage(conversationID: id), body: NewMessage(text: "Hi"))
/// try await client.shutdown()
/// ```
///
/// Every failure is a ``NetworkError``. HTTP client lifecycle as for ``SSEClient``: a client
/// made with ``init(configuration:session:networkLogger:)`` owns its `HTTPClient` and must be ended
/// with ``shutdown()``; one given an `HTTPClient` or a transport borrows it.
public final class APIClient: Sendable {
    /// How this client builds, retries and logs requests.
    public let configuration: Configuration
    /// Where authenticated requests get their tokens, if anywhere.
    public let session: SessionController?
    /// Where every attempt is recorded, if anywhere.
    public let networkLogger: NetworkLogger?
    /// The chain every request goes through.
    public let chain: APIMiddlewareChain
    private let builder: RequestBuilder
    private let ownedHTTPClient: HTTPClient?

    /// A client that owns a new `HTTPClient` on the process-wide event loop group; call
    /// ``shutdown()`` when done with it.
    public convenience init(configuration: Configuration, session: SessionController? = nil,
                            networkLogger: NetworkLogger? = nil) {
        let httpClient = Self.makeHTTPClient()
        self.init(configuration: configuration, session: session, networkLogger: networkLogger,
                  transport: HTTPClientTransport(httpClient: httpClient,
                                                 maximumResponseSize: configuration.maximumResponseSize),
                  ownedHTTPClient: httpClient)
    }

    /// A client that borrows `httpClient` (shared with other clients of the app); the caller
    /// shuts it down after the last request.
    public convenience init(httpClient: HTTPClient, configuration: Configuration,
                            session: SessionController? = nil, networkLogger: NetworkLogger? = nil) {
        self.init(configuration: configuration, session: session, networkLogger: networkLogger,
                  transport: HTTPClientTransport(httpClient: httpClient,
                                                 maximumResponseSize: configuration.maximumResponseSize),
                  ownedHTTPClient: nil)
    }

    /// A client that sends through `transport` (a test double, say) behind the standard middleware.
    public convenience init(transport: any APITransport, configuration: Configuration,
                            session: SessionController? = nil, networkLogger: NetworkLogger? = nil) {
        self.init(configuration: configuration, session: session, networkLogger: networkLogger,
                  transport: transport, ownedHTTPClient: nil)
    }

    private init(configuration: Configuration, session: SessionController?, networkLogger: NetworkLogger?,
                 transport: any APITransport, ownedHTTPClient: HTTPClient?) {
        self.configuration = configuration
        self.session = session
        self.networkLogger = networkLogger
        self.builder = configuration.requestBuilder
        self.ownedHTTPClient = ownedHTTPClient
        self.chain = APIMiddlewareChain(
            Self.standardMiddleware(configuration: configuration, session: session, networkLogger: networkLogger),
            transport: transport)
    }

    /// A new `HTTPClient` set up as an API client needs it, to share between ``APIClient``s (and
    /// an ``SSEClient``) of one app; its owner shuts it down after the last request.
    ///
    /// Redirects are not followed (a redirect must not carry the bearer token elsewhere), and the
    /// pool does not retry failed connections: the retry middleware decides about retries, and a
    /// pool retrying too would hide a refused connection for the whole connect timeout.
    public static func makeHTTPClient(connectTimeout: Duration = .seconds(10)) -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: TimeAmount(connectTimeout), read: nil))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The middleware every client uses, in order: request id, auth, retry, refresh on 401, logging.
    public static func standardMiddleware(configuration: Configuration, session: SessionController?,
                                          networkLogger: NetworkLogger?) -> [any APIMiddleware] {
        [
            RequestIDMiddleware(),
            AuthMiddleware(session: session),
            RetryMiddleware(policy: configuration.retryPolicy, timing: configuration.retryTiming),
            RefreshMiddleware(session: session),
            LoggingMiddleware(networkLogger: networkLogger, bodyCaptureLimit: configuration.bodyCaptureLimit),
        ]
    }

    /// Shuts down the `HTTPClient` this client owns (nothing when it borrowed one).
    public func shutdown() async throws {
        try await ownedHTTPClient?.shutdown()
    }

    /// Sends `endpoint` with `body` and decodes its 2xx response.
    ///
    /// - Throws: a ``NetworkError``: the status's case for a non-2xx answer (after any retries
    ///   and token refresh), ``NetworkError/unexpectedPayload(path:reason:)`` when the body does not
    ///   decode, ``NetworkError/offline``, ``NetworkError/timeout``, ``NetworkError/cancelled`` …
    @discardableResult
    public func send<Endpoint: APIEndpoint>(_ endpoint: Endpoint, body: Endpoint.RequestBody)
        async throws(NetworkError) -> Endpoint.ResponseBody
    {
        let response = try await self.response(for: endpoint, body: body)
        do throws(NetworkError) {
            return try builder.decode(Endpoint.ResponseBody.self, from: response.body)
        } catch {
            if let networkLogger, let id = response.loggedEventID {
                let message = error.description
                await networkLogger.update(id: id) { event in
                    event.error = EventError(kind: .decoding, message: message)
                    event.state = .failed
                }
            }
            throw error
        }
    }

    /// Sends `endpoint`, which has no request body, and decodes its 2xx response.
    @discardableResult
    public func send<Endpoint: APIEndpoint>(_ endpoint: Endpoint) async throws(NetworkError) -> Endpoint.ResponseBody
    where Endpoint.RequestBody == EmptyBody {
        try await send(endpoint, body: EmptyBody())
    }

    /// Sends `endpoint` with `body` and returns the raw 2xx response (headers and undecoded body).
    ///
    /// - Throws: a ``NetworkError`` as ``send(_:body:)`` does, except that the body is not decoded.
    public func response<Endpoint: APIEndpoint>(for endpoint: Endpoint, body: Endpoint.RequestBody)
        async throws(NetworkError) -> APIResponse
    {
        let request = try builder.request(for: endpoint, body: body)
        let response: APIResponse
        do {
            response = try await chain.send(request)
        } catch {
            throw NetworkError(mapping: error)
        }
        if let error = NetworkError(response: response, now: configuration.retryTiming.now()) { throw error }
        return response
    }
}
