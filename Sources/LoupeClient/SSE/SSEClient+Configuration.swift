import Foundation

extension SSEClient {
    /// How an ``SSEClient`` connects and reconnects.
    public struct Configuration: Sendable {
        /// The waits between connection attempts.
        public var reconnectPolicy: SSEReconnectPolicy
        /// How many times a stream may reconnect after its first connection; nil reconnects
        /// forever (like a browser's `EventSource`), 0 never reconnects.
        public var maximumReconnects: Int?
        /// How long one attempt may take to receive the response head. The body has no time
        /// limit, because an event stream may stay quiet for a long time.
        public var headTimeout: Duration
        /// The longest request body kept as text in the log; bytes past it are counted, not stored.
        public var bodyCaptureLimit: Int
        /// Whether a stream the server ended cleanly is opened again, as a browser's `EventSource`
        /// does (the default). Turn it off for streams whose end is the end of the answer, like a
        /// streamed reply: then only a dropped connection reconnects.
        public var reconnectsAfterEnd: Bool

        /// A configuration; the defaults reconnect forever with the default backoff.
        public init(reconnectPolicy: SSEReconnectPolicy = SSEReconnectPolicy(), maximumReconnects: Int? = nil,
                    headTimeout: Duration = .seconds(30), bodyCaptureLimit: Int = 64 * 1024,
                    reconnectsAfterEnd: Bool = true) {
            self.reconnectPolicy = reconnectPolicy
            self.maximumReconnects = maximumReconnects
            self.headTimeout = headTimeout
            self.bodyCaptureLimit = bodyCaptureLimit
            self.reconnectsAfterEnd = reconnectsAfterEnd
        }
    }
}
