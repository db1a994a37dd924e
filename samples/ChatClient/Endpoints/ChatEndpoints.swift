import Foundation

/// The chat API of `ChatBackend` as typed ``APIEndpoint``s, one per route, with the `ChatAPI`
/// DTOs as bodies. ``ChatClient`` wraps them; send them through an `APIClient` directly to add
/// headers or to try a route a different way.
///
/// ```swift
/// let page = try await api.send(ChatEndpoints.ListConversations(page: PageQuery(limit: 20)))
/// let reply = try await api.eventStreamRequest(ChatEndpoints.SendMessage(conversationID: page.items[0].id),
///                                              body: NewMessage(text: "Hi"))
/// ```
///
/// The API's JSON is camelCase with ISO-8601 dates carrying milliseconds (``ChatJSON``).
/// `APIClient`'s defaults read that as it is: camelCase keys, and a decoder accepting ISO 8601
/// with or without fractional seconds. No request body of the API holds a date, so the encoder's
/// second-precision dates never reach the wire.
public enum ChatEndpoints {
    /// `id` as one path segment: percent-encoded, so an id holding `/`, `?` or `#` cannot reach
    /// another route.
    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? id
    }

    private static let segmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        return allowed
    }()
}
