/// One header field as it appeared on the wire. Headers are kept as an ordered list because order
/// and repetition matter (`Set-Cookie`, `Via`).
public struct HTTPHeader: Codable, Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first header called `name`, compared case-insensitively.
    ///
    /// ```swift
    /// headers["content-type"]  // "application/json"
    /// ```
    public subscript(name: String) -> String? {
        first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the headers called `name`, in order, compared case-insensitively.
    public func values(named name: String) -> [String] {
        filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }
}

extension String {
    /// ASCII case-insensitive equality, the comparison HTTP uses for field names.
    @inlinable
    public func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
        }
    }
}
