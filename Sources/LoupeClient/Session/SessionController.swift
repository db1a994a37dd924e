import Foundation
import Logging

/// Owns the tokens of one signed-in session: hands out a valid access token, refreshes it
/// shortly before it expires or after a 401, and keeps the tokens in a ``TokenStore``.
///
/// Refreshes are single-flight: however many requests need a new token at once (say 50 requests
/// that all got a 401), the refresher runs once and every one of them gets its result. A refresh
/// the server rejects signs the session out; one that fails for a passing reason (offline, 5xx)
/// keeps the tokens and moves to ``State/failed(_:)``, and the next request tries again.
///
/// ```swift
/// let session = SessionController(store: FileTokenStore(url: tokensURL))
/// let client = APIClient(configuration: .init(baseURL: baseURL), session: session)
/// await session.setRefresher { [weak client] refreshToken in
///     guard let client else { throw CancellationError() }
///     let reply = try await client.send(RefreshTokens(), body: .init(refreshToken: refreshToken))
///     return AuthTokens(accessToken: reply.accessToken, refreshToken: reply.refreshToken,
///                       expiresIn: .seconds(reply.expiresIn))
/// }
/// _ = try await session.restore()
/// ```
public actor SessionController {
    /// Where the session stands.
    public enum State: Sendable, Hashable {
        /// No tokens: requests that require auth fail with ``NetworkError/unauthorized``.
        case signedOut
        /// Tokens are held.
        case authenticated
        /// Tokens are held and a refresh is running; requests wait for it.
        case refreshing
        /// The last refresh failed for a passing reason (tokens are held, and the next request that
        /// needs a refresh tries again), or the token store could not be read (no tokens) or written.
        case failed(SessionError)
    }

    /// Exchanges a refresh token for new tokens, typically by calling the API's refresh endpoint
    /// (with an endpoint that does not require auth). Throw the ``NetworkError`` the call failed
    /// with: a 401, 403 or other 4xx means the refresh token was rejected and signs the session out.
    public typealias Refresher = @Sendable (_ refreshToken: String) async throws -> AuthTokens

    /// How a ``SessionController`` decides to refresh.
    public struct Configuration: Sendable {
        /// How long before its expiry an access token is refreshed proactively.
        public var refreshLeeway: Duration
        /// The current time (injectable for tests).
        public var now: @Sendable () -> Date

        /// A configuration refreshing one minute before expiry by default.
        public init(refreshLeeway: Duration = .seconds(60), now: @escaping @Sendable () -> Date = { Date() }) {
            self.refreshLeeway = refreshLeeway
            self.now = now
        }
    }

    /// Where the session stands now.
    public private(set) var state: State = .signedOut {
        didSet { if state != oldValue { for continuation in observers.values { continuation.yield(state) } } }
    }

    private let store: any TokenStore
    private let configuration: Configuration
    private let logger: Logger
    private var refresher: Refresher?
    private var tokens: AuthTokens?
    private var loaded = false
    /// The first load of the stored tokens, while it runs.
    private var pendingLoad: Task<Void, Never>?
    private var refreshTask: Task<String, any Error>?
    /// Incremented by every sign-in and sign-out, so a refresh that finishes after one of them
    /// does not bring back the tokens it replaced.
    private var generation = 0
    private var observers: [Int: AsyncStream<State>.Continuation] = [:]
    private var nextObserverID = 0

    /// A controller keeping tokens in `store` (in memory by default) and refreshing them with
    /// `refresher` (which can also be set later, with ``setRefresher(_:)``).
    public init(store: any TokenStore = InMemoryTokenStore(), configuration: Configuration = Configuration(),
                logger: Logger = Logger(label: "loupe.session"), refresher: Refresher? = nil) {
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.refresher = refresher
    }

    /// Sets the closure that refreshes tokens; replaces any set before.
    public func setRefresher(_ refresher: @escaping Refresher) {
        self.refresher = refresher
    }

    /// Loads the tokens saved by an earlier run, if any; returns whether the session is signed in.
    /// Requests also load them, on first use, when this was not called.
    ///
    /// - Throws: ``SessionError/storage(_:)`` when the store cannot be read (a corrupt file, say);
    ///   the session is then signed out.
    @discardableResult
    public func restore() async throws(SessionError) -> Bool {
        // Requests that arrive while the store is read wait for this load (see loadIfNeeded), and
        // a sign-in or sign-out made meanwhile wins over what the store held.
        let generation = generation
        let stored: AuthTokens?
        do throws(TokenStoreError) {
            stored = try await store.load()
        } catch {
            guard generation == self.generation else { return tokens != nil }
            loaded = true
            tokens = nil
            state = .signedOut
            throw .storage(error)
        }
        guard generation == self.generation else { return tokens != nil }
        loaded = true
        tokens = stored
        state = tokens == nil ? .signedOut : .authenticated
        return tokens != nil
    }

    /// Starts a session with `tokens` (after a login) and saves them.
    ///
    /// - Throws: ``SessionError/storage(_:)`` when they cannot be saved; the session is signed in
    ///   for this run anyway.
    public func signIn(_ tokens: AuthTokens) async throws(SessionError) {
        loaded = true
        generation += 1
        refreshTask = nil
        self.tokens = tokens
        state = .authenticated
        do throws(TokenStoreError) {
            try await store.save(tokens)
        } catch {
            state = .failed(.storage(error))
            throw .storage(error)
        }
    }

    /// Ends the session: forgets the tokens and removes them from the store.
    public func signOut() async {
        loaded = true
        generation += 1
        refreshTask = nil
        tokens = nil
        state = .signedOut
        do {
            try await store.clear()
        } catch {
            logger.warning("Could not remove the stored tokens.", metadata: ["error": "\(error)"])
        }
    }

    /// The current access token as it is, without refreshing; nil when signed out.
    public var accessToken: String? {
        get async {
            await loadIfNeeded()
            return tokens?.accessToken
        }
    }

    /// An access token to send now: the current one, or a new one when it expires within
    /// ``Configuration/refreshLeeway``. When that proactive refresh fails for a passing reason and
    /// the token has not expired yet, the current token is returned.
    ///
    /// - Throws: ``NetworkError/unauthorized`` when signed out; ``NetworkError/session(_:)`` when
    ///   an expired token could not be refreshed.
    public func validAccessToken() async throws(NetworkError) -> String {
        await loadIfNeeded()
        if let refreshTask, !Self.isRefresher { return try await Self.value(of: refreshTask) }
        guard let tokens else { throw signedOutError }
        // The refresher's own request must not wait for the refresh it is part of.
        if Self.isRefresher { return tokens.accessToken }
        guard let expiresAt = tokens.expiresAt,
              expiresAt.timeIntervalSince(configuration.now()) <= configuration.refreshLeeway.seconds
        else { return tokens.accessToken }
        do throws(NetworkError) {
            return try await startRefresh(tokens)
        } catch {
            let stillValid = expiresAt > configuration.now()
            switch error {
            case .session(.refreshFailed) where stillValid, .session(.noRefresher) where stillValid:
                return tokens.accessToken
            default: throw error
            }
        }
    }

    /// A new access token after the server rejected `rejectedAccessToken` with a 401.
    ///
    /// When the session's token is already another one (a concurrent request refreshed it), that
    /// token is returned without refreshing again; when a refresh is running, its result is.
    ///
    /// - Throws: ``NetworkError/unauthorized`` when signed out; ``NetworkError/session(_:)`` when
    ///   the refresh failed (``SessionError/refreshRejected`` after signing out).
    public func refresh(rejectedAccessToken: String?) async throws(NetworkError) -> String {
        await loadIfNeeded()
        if let refreshTask, !Self.isRefresher { return try await Self.value(of: refreshTask) }
        guard let tokens else { throw signedOutError }
        if Self.isRefresher { throw .unauthorized }
        if let rejectedAccessToken, rejectedAccessToken != tokens.accessToken { return tokens.accessToken }
        return try await startRefresh(tokens)
    }

    /// Every state from now on, starting with the current one; ends when the stream is dropped.
    public func stateChanges() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(16))
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    // MARK: - Refreshing

    /// Runs the one refresh every waiting caller shares. It runs in its own task so that a caller
    /// being cancelled does not cancel it for the others.
    private func startRefresh(_ tokens: AuthTokens) async throws(NetworkError) -> String {
        guard let refresher else { throw .session(.noRefresher) }
        let generation = generation
        let task = Task { try await self.performRefresh(with: tokens.refreshToken, refresher, generation: generation) }
        refreshTask = task
        state = .refreshing
        return try await Self.value(of: task)
    }

    private func performRefresh(with refreshToken: String, _ refresher: Refresher,
                                generation: Int) async throws -> String {
        let result: Result<AuthTokens, any Error>
        do {
            result = .success(try await Self.$isRefresher.withValue(true) { try await refresher(refreshToken) })
        } catch {
            result = .failure(error)
        }
        // A sign-in or sign-out while the refresh ran wins over its result.
        guard generation == self.generation else {
            guard let tokens else { throw NetworkError.unauthorized }
            return tokens.accessToken
        }
        refreshTask = nil
        switch result {
        case .success(let newTokens):
            tokens = newTokens
            state = .authenticated
            do {
                try await store.save(newTokens)
            } catch {
                logger.warning("Refreshed the session but could not save the new tokens.",
                               metadata: ["error": "\(error)"])
            }
            return newTokens.accessToken
        case .failure(let error):
            let failure = NetworkError(mapping: error)
            if Self.isRejection(failure) {
                logger.info("The server rejected the refresh token; signing out.", metadata: ["error": "\(failure)"])
                await signOut()
                throw NetworkError.session(.refreshRejected)
            }
            let sessionError = SessionError.refreshFailed(reason: failure.description)
            state = .failed(sessionError)
            throw NetworkError.session(sessionError)
        }
    }

    /// Whether a refresh failure means the refresh token is no good (rather than a passing problem).
    private static func isRejection(_ error: NetworkError) -> Bool {
        switch error {
        case .unauthorized, .forbidden, .session(.refreshRejected): true
        case .unexpectedStatus(let status): (400..<500).contains(status)
        default: false
        }
    }

    private static func value(of task: Task<String, any Error>) async throws(NetworkError) -> String {
        do {
            return try await task.value
        } catch {
            throw NetworkError(mapping: error)
        }
    }

    /// True inside the refresher, whose requests (should its endpoint require auth) get the
    /// current token instead of waiting for the refresh they belong to, which would never end.
    @TaskLocal private static var isRefresher = false

    /// ``NetworkError/unauthorized``, or the storage error that left the session without tokens.
    private var signedOutError: NetworkError {
        if case .failed(let error) = state { return .session(error) }
        return .unauthorized
    }

    /// Loads the stored tokens on first use, once: concurrent first requests all wait for the
    /// same load rather than finding the session empty while the store is read.
    private func loadIfNeeded() async {
        guard !loaded else { return }
        let load = pendingLoad ?? Task {
            do throws(SessionError) {
                try await restore()
            } catch {
                logger.warning("Could not load the stored tokens; signed out.", metadata: ["error": "\(error)"])
                state = .failed(error)
            }
            pendingLoad = nil
        }
        pendingLoad = load
        await load.value
    }

    private func removeObserver(_ id: Int) {
        observers[id] = nil
    }
}
