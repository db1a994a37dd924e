/// Decides which requests fail on purpose, from a ``FaultConfiguration`` that can be changed
/// while the server runs (in-process tests and demos use ``failNext(_:status:)``).
public actor FaultInjector {
    /// The configured faults.
    public private(set) var configuration: FaultConfiguration
    /// Requests counted so far (every request but `GET /health`).
    public private(set) var requestCount = 0
    /// Statuses the next requests answer, first one first.
    private var forcedStatuses: [Int]

    /// Creates an injector; `unavailableFirst` and `rateLimitedFirst` are queued as forced statuses.
    public init(configuration: FaultConfiguration = FaultConfiguration()) {
        self.configuration = configuration
        forcedStatuses = Array(repeating: 503, count: max(0, configuration.unavailableFirst))
            + Array(repeating: 429, count: max(0, configuration.rateLimitedFirst))
    }

    /// Makes the next `count` requests answer `status` (e.g. 503, 429 with `Retry-After`, 500).
    public func failNext(_ count: Int, status: Int = 503) {
        forcedStatuses += Array(repeating: status, count: max(0, count))
    }

    /// Changes the configuration from now on (counters are kept).
    public func update(_ change: @Sendable (inout FaultConfiguration) -> Void) {
        change(&configuration)
    }

    /// Counts one request and returns the status it must answer instead of being handled, if any.
    func nextForcedStatus() -> Int? {
        requestCount += 1
        if !forcedStatuses.isEmpty {
            return forcedStatuses.removeFirst()
        }
        if let every = configuration.unavailableEvery, every > 0, requestCount % every == 0 {
            return 503
        }
        if let every = configuration.rateLimitedEvery, every > 0, requestCount % every == 0 {
            return 429
        }
        return nil
    }
}
