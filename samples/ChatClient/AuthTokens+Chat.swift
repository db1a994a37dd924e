import ChatAPI
import LoupeClient

extension LoupeClient.AuthTokens {
    /// The session tokens the chat API's login or refresh answered.
    public init(_ tokens: ChatAPI.AuthTokens) {
        self.init(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt)
    }
}
