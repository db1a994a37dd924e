import AsyncHTTPClient
import ChatAPI
import Logging
import LoupeClient
import LoupeCore

/// A client for the sample chat API: sign-in, models, conversations, messages and streamed
/// replies, over one `APIClient` and one `SSEClient` that share an `HTTPClient` and record every
/// exchange (and every server-sent event) in one `NetworkLogger`.
///
/// ```swift
/// let logger = NetworkLogger(configuration: .redacting())
/// let chat = ChatClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8000")!),
///                       networkLogger: logger)
/// try await chat.signIn(email: "ada@example.com")
/// let conversation = try await chat.createConversation(title: "Hello")
/// for try await delta in chat.streamReply(to: conversation.id, text: "Hi!") {
///     print(delta.deltaText, terminator: "")
/// }
/// try await chat.shutdown()
/// ```
///
/// The session's tokens live in ``Configuration/tokenStore``; an access token about to expire,
/// or one the server rejects with 401, is renewed at `/rpc/refresh_tokens` (once, however many
/// requests need it), and a refresh token the server rejects signs the session out. Calls throw
/// `NetworkError`; ``streamReply(to:text:)`` also fails with `SSEClientError`.
public final class ChatClient: Sendable {
    /// How this client connects, retries and keeps its session.
    public let configuration: Configuration
    /// Sends the JSON endpoints (``ChatEndpoints``) with the session's bearer token.
    public let api: APIClient
    /// Opens the streamed replies.
    public let sse: SSEClient
    /// The signed-in session: its tokens, refreshes and state.
    public let session: SessionController
    /// Where every exchange is recorded, if anywhere.
    public let networkLogger: NetworkLogger?
    private let httpClient: HTTPClient

    /// A client for the API at `configuration.api.baseURL`, recording into `networkLogger`; it
    /// owns an `HTTPClient`, so call ``shutdown()`` when done.
    public init(configuration: Configuration, networkLogger: NetworkLogger? = nil,
                logger: Logger = Logger(label: "loupe.chat-client")) {
        let httpClient = APIClient.makeHTTPClient(connectTimeout: configuration.connectTimeout)
        // The refresher calls the API through a client without a session: the refresh sends the
        // refresh token in its body, and a session whose refresher held a client holding that
        // session would never be freed.
        let refreshClient = APIClient(httpClient: httpClient, configuration: configuration.api,
                                      networkLogger: networkLogger)
        let session = SessionController(store: configuration.tokenStore, configuration: configuration.session,
                                        logger: logger) { refreshToken in
            let tokens = try await refreshClient.send(ChatEndpoints.RefreshTokens(),
                                                      body: .init(refreshToken: refreshToken))
            return LoupeClient.AuthTokens(tokens)
        }
        self.configuration = configuration
        self.httpClient = httpClient
        self.session = session
        self.networkLogger = networkLogger
        self.api = APIClient(httpClient: httpClient, configuration: configuration.api, session: session,
                             networkLogger: networkLogger)
        self.sse = SSEClient(httpClient: httpClient, configuration: configuration.sse, networkLogger: networkLogger)
    }

    /// Shuts down the shared `HTTPClient`, after the last request and stream.
    public func shutdown() async throws {
        try await httpClient.shutdown()
    }

    /// `GET /models`: the models a conversation can use.
    public func models() async throws(NetworkError) -> [Model] {
        try await api.send(ChatEndpoints.ListModels())
    }
}
