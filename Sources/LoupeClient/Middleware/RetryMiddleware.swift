import LoupeCore

/// Sends a request again after a transport failure (refused, reset, timed out), a 5xx or a 429,
/// with exponential backoff and jitter, up to ``RetryPolicy/maximumAttempts`` times, but only when
/// the request is idempotent (``APIEndpoint/isIdempotent``): a POST is never sent twice unless its
/// endpoint says it may be.
///
/// A `Retry-After` header (seconds or an HTTP-date) replaces the backoff wait; one longer than
/// ``RetryPolicy/maximumRetryAfter`` ends the retries and the response goes back as it is.
/// When the retries run out, the last response (or error) is what the caller gets.
public struct RetryMiddleware: APIMiddleware {
    /// When and how long to wait.
    public let policy: RetryPolicy
    private let timing: RetryTiming

    /// A middleware retrying by `policy`, waiting with `timing`.
    public init(policy: RetryPolicy = RetryPolicy(), timing: RetryTiming = .live) {
        self.policy = policy
        self.timing = timing
    }

    public func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
        var retry = 0
        while true {
            let outcome: Result<APIResponse, any Error>
            do {
                outcome = .success(try await next(request))
            } catch {
                outcome = .failure(error)
            }
            guard let delay = delayBeforeRetry(after: outcome, request: request, retriesSoFar: retry) else {
                return try outcome.get()
            }
            retry += 1
            try await timing.sleep(delay)
        }
    }

    /// How long to wait before sending `request` again after `outcome`, or nil to stop here.
    private func delayBeforeRetry(after outcome: Result<APIResponse, any Error>, request: APIRequest,
                                  retriesSoFar: Int) -> Duration? {
        guard request.isIdempotent, retriesSoFar + 1 < policy.maximumAttempts else { return nil }
        // Drawn only when used, so a scripted random source gives one value per retry.
        var backoff: Duration { policy.backoff(beforeRetry: retriesSoFar + 1, random: timing.random()) }
        switch outcome {
        case .failure(let error):
            return NetworkError(mapping: error).isTransportFailure ? backoff : nil
        case .success(let response):
            guard policy.isRetryable(status: response.status) else { return nil }
            guard let header = response.headers["retry-after"],
                  let retryAfter = RetryAfter.delay(header, now: timing.now())
            else { return backoff }
            return retryAfter <= policy.maximumRetryAfter ? retryAfter : nil
        }
    }
}
