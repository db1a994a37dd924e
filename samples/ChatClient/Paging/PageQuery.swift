import Foundation

/// The `limit` and `cursor` of a paged list request. Leave both out for the first page at the
/// server's default size; pass the previous page's `nextCursor` for the next one.
public struct PageQuery: Sendable, Hashable {
    /// The most items the page may hold (the server accepts 1 to 100); nil for its default.
    public var limit: Int?
    /// The `nextCursor` of the previous page; nil for the first page.
    public var cursor: String?

    /// A query for the page after `cursor`, at most `limit` items long.
    public init(limit: Int? = nil, cursor: String? = nil) {
        self.limit = limit
        self.cursor = cursor
    }

    /// `limit` and `cursor` as query parameters, leaving out the ones not set.
    public var queryItems: [URLQueryItem] {
        [limit.map { URLQueryItem(name: "limit", value: String($0)) },
         cursor.map { URLQueryItem(name: "cursor", value: $0) }].compactMap { $0 }
    }
}
