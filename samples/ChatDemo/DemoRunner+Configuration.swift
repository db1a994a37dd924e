import LoupeRedaction

extension DemoRunner {
    /// Where the demo listens and how fast its sample backend answers.
    public struct Configuration: Sendable {
        /// The log API's port on 127.0.0.1; 0 picks a free one.
        public var logAPIPort = 0
        /// The rules every event is redacted with before it is stored.
        public var ruleSet: RuleSet = .builtIn
        /// Pause between two streamed reply events; short so a whole pass takes seconds.
        public var streamInterval: Duration = .milliseconds(15)
        /// The reconnection wait each reply stream announces (`retry:`), in milliseconds.
        public var streamRetryMilliseconds = 100
        /// The `Retry-After` seconds sent with the injected 429 and 503 answers.
        public var retryAfterSeconds = 1
        /// The most events the shared log keeps.
        public var maxEvents = 10_000

        /// Defaults: a free log API port, the built-in rules, a fast backend.
        public init() {}
    }
}
