import ChatAPI
import Foundation
import LoupeClient

extension ChatEndpoints {
    /// `GET /conversations/{id}/messages?limit=&cursor=`: one page of messages, oldest first.
    public struct ListMessages: APIEndpoint {
        public typealias ResponseBody = Page<Message>
        /// The conversation's id.
        public var conversationID: String
        /// Which page, and how long.
        public var page: PageQuery

        /// The endpoint for a page of the conversation `conversationID`.
        public init(conversationID: String, page: PageQuery = PageQuery()) {
            self.conversationID = conversationID
            self.page = page
        }

        public var path: String { "/conversations/\(segment(conversationID))/messages" }
        public var query: [URLQueryItem] { page.queryItems }
    }

    /// `POST /conversations/{id}/messages` with a ``NewMessage``: stores it and answers the reply
    /// as a `text/event-stream` of ``MessageDelta``s. Open it with
    /// `APIClient.eventStreamRequest(_:body:)` and an `SSEClient` (``ChatClient/streamReply(to:text:)``
    /// does); `APIClient.send` would wait for the whole stream and ignore it.
    public struct SendMessage: APIEndpoint {
        public typealias RequestBody = NewMessage
        /// The conversation's id.
        public var conversationID: String

        /// The endpoint posting to the conversation `conversationID`.
        public init(conversationID: String) {
            self.conversationID = conversationID
        }

        public var path: String { "/conversations/\(segment(conversationID))/messages" }
        public var method: APIMethod { .post }
    }
}
