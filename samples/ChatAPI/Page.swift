/// One page of a list endpoint. Pass `nextCursor` back as `?cursor=` for the next page;
/// it is `nil` on the last page.
public struct Page<Item: Codable & Sendable>: Codable, Sendable {
    /// The items of this page, at most `limit` of them.
    public var items: [Item]
    /// Opaque cursor of the next page, or `nil` when this is the last one.
    public var nextCursor: String?

    /// Creates a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
