import Foundation
import LoupeCore

extension APIClient {
    /// How an ``APIClient`` builds, retries and logs requests.
    ///
    /// ```swift
    /// var configuration = APIClient.Configuration(baseURL: URL(string: "http://127.0.0.1:8080")!)
    /// configuration.keyStyle = .snakeCase
    /// configuration.retryPolicy.maximumAttempts = 5
    /// ```
    public struct Configuration: Sendable {
        /// The URL endpoint paths are appended to.
        public var baseURL: URL
        /// How JSON keys are spelt on the wire.
        public var keyStyle: RequestBuilder.KeyStyle
        /// Headers sent with every request (an endpoint's own replace them by name).
        public var defaultHeaders: [HTTPHeader]
        /// How long one attempt may take when the endpoint sets no timeout.
        public var timeout: Duration
        /// When failed idempotent requests are sent again.
        public var retryPolicy: RetryPolicy
        /// The sleep, random source and clock of retries (and of `Retry-After` dates).
        public var retryTiming: RetryTiming
        /// The longest body kept as text in each logged event; bytes past it are counted only.
        public var bodyCaptureLimit: Int
        /// The largest response body accepted; a larger one fails as a transport error.
        public var maximumResponseSize: Int

        /// A configuration for the API at `baseURL`; the other values have defaults.
        public init(baseURL: URL, keyStyle: RequestBuilder.KeyStyle = .camelCase, defaultHeaders: [HTTPHeader] = [],
                    timeout: Duration = .seconds(30), retryPolicy: RetryPolicy = RetryPolicy(),
                    retryTiming: RetryTiming = .live, bodyCaptureLimit: Int = 64 * 1024,
                    maximumResponseSize: Int = 16 * 1024 * 1024) {
            self.baseURL = baseURL
            self.keyStyle = keyStyle
            self.defaultHeaders = defaultHeaders
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.retryTiming = retryTiming
            self.bodyCaptureLimit = bodyCaptureLimit
            self.maximumResponseSize = maximumResponseSize
        }

        /// The request builder these values describe.
        public var requestBuilder: RequestBuilder {
            RequestBuilder(baseURL: baseURL, keyStyle: keyStyle, defaultHeaders: defaultHeaders, timeout: timeout)
        }
    }
}
