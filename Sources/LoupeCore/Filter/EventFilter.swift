/// A parsed filter expression (placeholder API; the filter helper replaces this file).
public struct EventFilter: Sendable, Hashable {
    public let source: String
    public init(parsing source: String) throws { self.source = source }
    public static let all = try! EventFilter(parsing: "")
    public func matches(_ event: NetworkEvent) -> Bool { true }
}
