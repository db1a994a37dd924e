import Dispatch

/// Runs CPU-bound test work on a Dispatch thread and returns its result. Swift Testing runs tests
/// in parallel on the cooperative pool, which has one thread per core: a test looping over
/// thousands of redactions for seconds on it stalls every async test of the process (servers,
/// clients, timeouts) on a 2-core machine. Expectations stay in the test: `work` returns what
/// they check.
func offTheCooperativePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
