/// Where a ``SessionController`` keeps its tokens between launches: ``FileTokenStore`` on disk
/// (the Linux stand-in for a keychain), ``InMemoryTokenStore`` for tests and throwaway sessions.
public protocol TokenStore: Sendable {
    /// The stored tokens, or nil when none are stored.
    func load() async throws(TokenStoreError) -> AuthTokens?
    /// Stores `tokens`, replacing any stored before.
    func save(_ tokens: AuthTokens) async throws(TokenStoreError)
    /// Removes the stored tokens; nothing happens when none are stored.
    func clear() async throws(TokenStoreError)
}
