import Foundation

/// The tokens of a signed-in session: the bearer access token, the refresh token that renews it,
/// and when the access token expires. Printing one never shows the tokens.
///
/// ```swift
/// let tokens = AuthTokens(accessToken: reply.accessToken, refreshToken: reply.refreshToken,
///                         expiresIn: .seconds(reply.expiresIn))
/// try await session.signIn(tokens)
/// ```
public struct AuthTokens: Codable, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// Exchanged for new tokens when the access token expires or is rejected.
    public var refreshToken: String
    /// When the access token expires; nil when unknown (then it is refreshed only after a 401).
    public var expiresAt: Date?

    /// Tokens with an absolute expiry.
    public init(accessToken: String, refreshToken: String, expiresAt: Date?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Tokens whose access token expires `expiresIn` after `now`, as OAuth's `expires_in` says.
    public init(accessToken: String, refreshToken: String, expiresIn: Duration, now: Date = Date()) {
        self.init(accessToken: accessToken, refreshToken: refreshToken,
                  expiresAt: now.addingTimeInterval(expiresIn.seconds))
    }

    public var description: String {
        "AuthTokens(expiresAt: \(expiresAt.map { $0.formatted(.iso8601) } ?? "unknown"))"
    }

    public var debugDescription: String { description }
}
