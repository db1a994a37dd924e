import NIOCore

extension TimeAmount {
    /// The NIO time amount of a Swift `Duration`, to nanosecond precision.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
