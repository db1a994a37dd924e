import Foundation

/// The capped exponential backoff with downward jitter that ``RetryPolicy`` and
/// ``SSEReconnectPolicy`` share: `min(initial × multiplierⁿ⁻¹, maximum) × (1 − jitter × random)`.
enum ExponentialBackoff {
    /// The wait before try `step` (1 for the first retry); `random` is a draw in 0 ..< 1.
    static func delay(step: Int, initial: Duration, multiplier: Double, maximum: Duration, jitter: Double,
                      random: Double) -> Duration {
        let factor = max(1, multiplier)
        let exponential = initial.seconds * pow(factor, Double(min(max(step - 1, 0), 62)))
        let capped = min(exponential, maximum.seconds)
        let spread = min(max(jitter, 0), 1) * min(max(random, 0), 1)
        // Whole nanoseconds, so equal inputs give exactly equal durations.
        return .nanoseconds(Int64((capped * (1 - spread) * 1e9).rounded()))
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
