import ChatAPI
import Hummingbird
import HummingbirdCore

/// The `limit` and `cursor` query parameters of a paged list, validated.
struct PageRequest {
    static let defaultLimit = 20
    static let maxLimit = 100

    var limit: Int
    var cursor: PageCursor?

    init(limit: Int = PageRequest.defaultLimit, cursor: PageCursor? = nil) {
        self.limit = limit
        self.cursor = cursor
    }

    init(query: URI) throws {
        let parameters = query.queryParameters
        if let text = parameters["limit"].map(String.init) {
            guard let limit = Int(text), (1...Self.maxLimit).contains(limit) else {
                throw ChatError.badRequest("The limit must be a whole number from 1 to \(Self.maxLimit); got \"\(text)\".")
            }
            self.limit = limit
        } else {
            self.limit = Self.defaultLimit
        }
        cursor = try parameters["cursor"].map { try PageCursor(encoded: String($0)) }
    }

    /// Cuts one page out of `records`, already in list order, whose positions are `sequence`:
    /// the records after the cursor, at most `limit`, with a next cursor only when more remain.
    func page<Record, Item: Codable & Sendable>(
        of records: [Record], sequence: (Record) -> Int, descending: Bool, item: (Record) -> Item
    ) -> Page<Item> {
        let remaining = records.filter { record in
            guard let cursor else { return true }
            return descending ? sequence(record) < cursor.after : sequence(record) > cursor.after
        }
        let pageRecords = remaining.prefix(limit)
        let next = remaining.count > limit ? pageRecords.last.map { PageCursor(after: sequence($0)).encoded } : nil
        return Page(items: pageRecords.map(item), nextCursor: next)
    }
}
