/// Why a ``SessionController`` could not provide a valid access token.
public enum SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server rejected the refresh token; the session was signed out.
    case refreshRejected
    /// The refresh could not be completed (network, server error); the session keeps its tokens
    /// and a later request tries again.
    case refreshFailed(reason: String)
    /// The access token needs refreshing and the controller has no refresher to do it.
    case noRefresher
    /// The stored tokens could not be read or written.
    case storage(TokenStoreError)

    public var description: String {
        switch self {
        case .refreshRejected:
            "The session has ended: the server no longer accepts its refresh token. Sign in again."
        case .refreshFailed(let reason):
            "The session could not be renewed: \(reason) Still signed in; try again."
        case .noRefresher:
            "The access token has expired and nothing is set up to refresh it; sign in again."
        case .storage(let error):
            error.description
        }
    }
}
