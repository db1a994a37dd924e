import ChatAPI
import LoupeClient

extension ChatClient {
    /// Signs in as `email` the sample backend's way: requests a magic link, takes the token the
    /// backend returns with it (`devToken`) and logs in with it.
    ///
    /// - Throws: `NetworkError.unexpectedPayload` when the backend does not reveal magic tokens
    ///   (then sign in with ``signIn(magicToken:)`` and the token from the link), or the errors
    ///   of the calls.
    public func signIn(email: String) async throws(NetworkError) {
        let link = try await api.send(ChatEndpoints.RequestMagicLink(), body: .init(email: email))
        guard let token = link.devToken else {
            throw .unexpectedPayload(
                path: "devToken",
                reason: "the server sent the sign-in link without revealing its token; sign in with the token from the link.")
        }
        try await signIn(magicToken: token)
    }

    /// Exchanges a magic-link token for a session and keeps its tokens.
    ///
    /// - Throws: `NetworkError.unauthorized` for an unknown, used or expired token;
    ///   `NetworkError.session` when the tokens cannot be stored.
    public func signIn(magicToken: String) async throws(NetworkError) {
        let tokens = try await api.send(ChatEndpoints.LoginWithMagicToken(), body: .init(token: magicToken))
        do throws(SessionError) {
            try await session.signIn(LoupeClient.AuthTokens(tokens))
        } catch {
            throw .session(error)
        }
    }

    /// Forgets the session's tokens here and in the token store (the API has no sign-out call).
    public func signOut() async {
        await session.signOut()
    }

    /// `GET /rpc/me`: the signed-in user.
    public func me() async throws(NetworkError) -> Me {
        try await api.send(ChatEndpoints.GetMe())
    }
}
