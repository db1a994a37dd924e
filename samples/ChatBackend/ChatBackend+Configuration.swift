import Foundation

extension ChatBackend {
    /// Settings of a ``ChatBackend``.
    public struct Configuration: Sendable {
        /// Address to listen on; loopback unless you mean to expose the sample.
        public var host = "127.0.0.1"
        /// Port to listen on; 0 picks a free one (learn it from `onServerRunning`).
        public var port = 0
        /// Lifetime of bearer access tokens; short so refresh paths get exercised.
        public var accessTokenLifetime: Duration = .seconds(60)
        /// Lifetime of (single-use) refresh tokens.
        public var refreshTokenLifetime: Duration = .seconds(86_400)
        /// Lifetime of (single-use) magic-link tokens.
        public var magicTokenLifetime: Duration = .seconds(600)
        /// Whether `POST /rpc/request_magic_link` returns the token as `devToken` (no mailbox here).
        public var revealsMagicTokens = true
        /// Whether each new user starts with the sample conversations of ``SeedData``.
        public var seedsNewUsers = true
        /// Pause between two streamed reply events.
        public var streamInterval: Duration = .milliseconds(80)
        /// The reconnection wait, in milliseconds, each reply stream announces with a `retry:`
        /// field before its first event; `nil` (the default) sends none.
        public var streamRetryMilliseconds: Int?
        /// Injected failures; see ``FaultConfiguration``.
        public var faults = FaultConfiguration()
        /// The clock for token expiry; tests replace it to expire tokens without waiting.
        public var now: @Sendable () -> Date = { Date() }

        /// Defaults: 127.0.0.1, any free port, 60 s access tokens, seeded users, no faults.
        public init(host: String = "127.0.0.1", port: Int = 0) {
            self.host = host
            self.port = port
        }
    }
}
