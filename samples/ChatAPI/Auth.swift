import Foundation

/// Body of `POST /rpc/request_magic_link`.
public struct RequestMagicLink: Codable, Sendable, Hashable {
    /// Where the (simulated) sign-in link goes.
    public var email: String

    /// Creates a request body.
    public init(email: String) {
        self.email = email
    }
}

/// Answer of `POST /rpc/request_magic_link`. A real server would only email the token; this
/// sample returns it as `devToken` so demos and tests can sign in without a mailbox.
public struct MagicLinkSent: Codable, Sendable, Hashable {
    /// The address the link was sent to.
    public var email: String
    /// When the magic token stops working.
    public var expiresAt: Date
    /// The magic token itself; `nil` when the backend is configured not to reveal it.
    public var devToken: String?

    /// Creates an answer.
    public init(email: String, expiresAt: Date, devToken: String?) {
        self.email = email
        self.expiresAt = expiresAt
        self.devToken = devToken
    }
}

/// Body of `POST /rpc/login_with_magic_token`; a magic token works once.
public struct LoginWithMagicToken: Codable, Sendable, Hashable {
    /// The token from the magic link.
    public var token: String

    /// Creates a request body.
    public init(token: String) {
        self.token = token
    }
}

/// Body of `POST /rpc/refresh_tokens`; the refresh token is rotated, the old one stops working.
public struct RefreshTokens: Codable, Sendable, Hashable {
    /// The refresh token of the current ``AuthTokens``.
    public var refreshToken: String

    /// Creates a request body.
    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }
}

/// A session: a short-lived bearer access token and a single-use refresh token.
public struct AuthTokens: Codable, Sendable, Hashable {
    /// Sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String
    /// Exchanged once for new tokens at `POST /rpc/refresh_tokens`.
    public var refreshToken: String
    /// When `accessToken` expires (the server answers 401 after that).
    public var expiresAt: Date

    /// Creates a token pair.
    public init(accessToken: String, refreshToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

/// The signed-in user, from `GET /rpc/me`.
public struct Me: Codable, Sendable, Hashable, Identifiable {
    /// Opaque user identifier.
    public var id: String
    /// The address the user signed in with.
    public var email: String
    /// The user's phone number, when known.
    public var phone: String?
    /// Name shown in the app.
    public var displayName: String

    /// Creates a user value.
    public init(id: String, email: String, phone: String?, displayName: String) {
        self.id = id
        self.email = email
        self.phone = phone
        self.displayName = displayName
    }
}
