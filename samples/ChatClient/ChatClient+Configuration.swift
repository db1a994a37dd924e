import Foundation
import LoupeClient

extension ChatClient {
    /// How a ``ChatClient`` connects, retries and keeps its session; ``api``, ``sse`` and
    /// ``session`` are the configurations of the clients it is made of.
    ///
    /// ```swift
    /// var configuration = ChatClient.Configuration(baseURL: URL(string: "http://127.0.0.1:8000")!,
    ///                                              tokenStore: FileTokenStore(url: tokensURL))
    /// configuration.api.retryPolicy.maximumAttempts = 5
    /// ```
    public struct Configuration: Sendable {
        /// The JSON client's base URL, timeouts, retries and body capture.
        public var api: APIClient.Configuration
        /// How streamed replies reconnect after a dropped connection. A reply ends with its body,
        /// so ``SSEClient/Configuration/reconnectsAfterEnd`` is off; turned on, every finished
        /// reply would be asked for again (and answered 204).
        public var sse: SSEClient.Configuration
        /// When the session refreshes its access token, and its clock.
        public var session: SessionController.Configuration
        /// Where the session's tokens are kept between launches.
        public var tokenStore: any TokenStore
        /// How long opening a connection may take.
        public var connectTimeout: Duration

        /// A configuration for the chat API at `baseURL`, keeping tokens in `tokenStore` (in memory
        /// by default). Access tokens are refreshed 10 seconds before they expire: the sample
        /// backend's tokens may live only a minute, so the usual minute of leeway would refresh
        /// before every request.
        public init(baseURL: URL, tokenStore: any TokenStore = InMemoryTokenStore()) {
            self.api = APIClient.Configuration(baseURL: baseURL)
            self.sse = SSEClient.Configuration(reconnectsAfterEnd: false)
            self.session = SessionController.Configuration(refreshLeeway: .seconds(10))
            self.tokenStore = tokenStore
            self.connectTimeout = .seconds(10)
        }

        /// The base URL of the API.
        public var baseURL: URL {
            get { api.baseURL }
            set { api.baseURL = newValue }
        }
    }
}
