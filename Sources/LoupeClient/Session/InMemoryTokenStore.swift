/// A ``TokenStore`` that keeps the tokens in memory only; they are gone when the process ends.
public actor InMemoryTokenStore: TokenStore {
    private var tokens: AuthTokens?

    /// A store holding `tokens` (none by default).
    public init(_ tokens: AuthTokens? = nil) {
        self.tokens = tokens
    }

    public func load() -> AuthTokens? { tokens }
    public func save(_ tokens: AuthTokens) { self.tokens = tokens }
    public func clear() { tokens = nil }
}
