import ChatAPI
import LoupeClient

/// The pages of a paged list, fetched one at a time as the iteration asks for them and ending
/// after the page without a `nextCursor`.
///
/// ```swift
/// for try await page in chat.conversationPages(pageSize: 50) {
///     show(page.items)
/// }
/// let everything = try await chat.conversationPages().items()
/// ```
public struct PageSequence<Item: Codable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>
    public typealias Failure = NetworkError
    /// Fetches the page a query names.
    public typealias Fetch = @Sendable (PageQuery) async throws(NetworkError) -> Page<Item>

    private let pageSize: Int?
    private let fetch: Fetch

    /// The pages `fetch` returns, `pageSize` items long (the server's default when nil).
    public init(pageSize: Int? = nil, fetch: @escaping Fetch) {
        self.pageSize = pageSize
        self.fetch = fetch
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pageSize: pageSize, fetch: fetch)
    }

    /// Every item of every page, in order.
    public func items() async throws(NetworkError) -> [Item] {
        var items: [Item] = []
        var iterator = makeAsyncIterator()
        while let page = try await iterator.next() { items += page.items }
        return items
    }

    /// Fetches the next page when asked for it.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        private let pageSize: Int?
        private let fetch: Fetch
        /// The query of the next page; nil once the last page was returned.
        private var next: PageQuery?

        init(pageSize: Int?, fetch: @escaping Fetch) {
            self.pageSize = pageSize
            self.fetch = fetch
            self.next = PageQuery(limit: pageSize)
        }

        public mutating func next() async throws(NetworkError) -> Page<Item>? {
            guard let query = next else { return nil }
            let page = try await fetch(query)
            next = page.nextCursor.map { PageQuery(limit: pageSize, cursor: $0) }
            return page
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(NetworkError) -> Page<Item>? {
            try await next()
        }
    }
}
