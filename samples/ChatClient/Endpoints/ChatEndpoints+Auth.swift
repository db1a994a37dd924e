import ChatAPI
import LoupeClient

extension ChatEndpoints {
    /// `POST /rpc/request_magic_link`: sends (here: returns as `devToken`) a one-time sign-in token.
    public struct RequestMagicLink: APIEndpoint {
        public typealias RequestBody = ChatAPI.RequestMagicLink
        public typealias ResponseBody = MagicLinkSent

        /// The endpoint.
        public init() {}

        public var path: String { "/rpc/request_magic_link" }
        public var method: APIMethod { .post }
        public var requiresAuth: Bool { false }
    }

    /// `POST /rpc/login_with_magic_token`: exchanges the magic token (once) for a session's tokens.
    public struct LoginWithMagicToken: APIEndpoint {
        public typealias RequestBody = ChatAPI.LoginWithMagicToken
        public typealias ResponseBody = ChatAPI.AuthTokens

        /// The endpoint.
        public init() {}

        public var path: String { "/rpc/login_with_magic_token" }
        public var method: APIMethod { .post }
        public var requiresAuth: Bool { false }
    }

    /// `POST /rpc/refresh_tokens`: rotates the session's tokens; the refresh token works once.
    /// It carries the refresh token in its body, not a bearer token, so a session whose access
    /// token expired can still call it.
    public struct RefreshTokens: APIEndpoint {
        public typealias RequestBody = ChatAPI.RefreshTokens
        public typealias ResponseBody = ChatAPI.AuthTokens

        /// The endpoint.
        public init() {}

        public var path: String { "/rpc/refresh_tokens" }
        public var method: APIMethod { .post }
        public var requiresAuth: Bool { false }
    }

    /// `GET /rpc/me`: the signed-in user.
    public struct GetMe: APIEndpoint {
        public typealias ResponseBody = Me

        /// The endpoint.
        public init() {}

        public var path: String { "/rpc/me" }
    }
}
