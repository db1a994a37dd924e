import Foundation
import HTTPTypes
import Hummingbird

/// Faults one request asks for with headers, for tests that need a failure exactly there:
///
/// | header | effect |
/// |---|---|
/// | `X-Fault: 503` | answer this status at once (204, or 400–599) with a JSON error body |
/// | `X-Fault-Retry-After: 3` | `Retry-After` seconds sent with an injected 429/503 |
/// | `X-Fault-Delay: 250` | wait this many milliseconds before answering |
/// | `X-Fault-Drop-After: 2` | close a message stream's connection after 2 events |
public struct FaultOverrides: Sendable, Equatable {
    /// Status to answer instead of handling the request.
    public var status: Int?
    /// `Retry-After` seconds for an injected 429 or 503.
    public var retryAfterSeconds: Int?
    /// Delay before answering.
    public var delay: Duration?
    /// Events of a message stream before the connection is dropped.
    public var dropStreamAfter: Int?

    /// No overrides.
    public init() {}

    /// Header names, exported so clients and tests spell them the same way.
    public enum Header {
        /// `X-Fault`: the status to answer.
        public static let status = "X-Fault"
        /// `X-Fault-Retry-After`: seconds.
        public static let retryAfter = "X-Fault-Retry-After"
        /// `X-Fault-Delay`: milliseconds.
        public static let delay = "X-Fault-Delay"
        /// `X-Fault-Drop-After`: events.
        public static let dropAfter = "X-Fault-Drop-After"
    }

    /// Reads the override headers; a malformed value is a 400 naming the header.
    init(headers: HTTPFields) throws {
        func number(_ name: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
            guard let field = HTTPField.Name(name), let text = headers[field] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                throw ChatError.badRequest("The \(name) header must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound); got \"\(text)\".")
            }
            return value
        }
        status = try number(Header.status, in: 200...599, unit: "an HTTP status")
        if let status, !(status == 204 || status >= 400) {
            throw ChatError.badRequest("The \(Header.status) header must be 204 or a status from 400 to 599; got \(status).")
        }
        retryAfterSeconds = try number(Header.retryAfter, in: 0...3600, unit: "seconds")
        delay = try number(Header.delay, in: 0...60_000, unit: "milliseconds").map { .milliseconds($0) }
        dropStreamAfter = try number(Header.dropAfter, in: 0...10_000, unit: "events")
    }
}
