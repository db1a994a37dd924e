import ChatAPI
import Foundation
import LoupeClient

extension ChatEndpoints {
    /// `GET /conversations?limit=&cursor=`: one page of the user's conversations, newest first.
    public struct ListConversations: APIEndpoint {
        public typealias ResponseBody = Page<Conversation>
        /// Which page, and how long.
        public var page: PageQuery

        /// The page `page` asks for (the first, server-sized, by default).
        public init(page: PageQuery = PageQuery()) {
            self.page = page
        }

        public var path: String { "/conversations" }
        public var query: [URLQueryItem] { page.queryItems }
    }

    /// `POST /conversations` with a ``NewConversation``: creates a conversation (201).
    public struct CreateConversation: APIEndpoint {
        public typealias RequestBody = NewConversation
        public typealias ResponseBody = Conversation

        /// The endpoint.
        public init() {}

        public var path: String { "/conversations" }
        public var method: APIMethod { .post }
    }

    /// `GET /conversations/{id}`.
    public struct GetConversation: APIEndpoint {
        public typealias ResponseBody = Conversation
        /// The conversation's id.
        public var id: String

        /// The endpoint for the conversation `id`.
        public init(id: String) {
            self.id = id
        }

        public var path: String { "/conversations/\(segment(id))" }
    }

    /// `PATCH /conversations/{id}` with a ``ConversationPatch``: changes the fields it holds.
    /// Not retried: PATCH is not idempotent in general, although this one happens to be.
    public struct UpdateConversation: APIEndpoint {
        public typealias RequestBody = ConversationPatch
        public typealias ResponseBody = Conversation
        /// The conversation's id.
        public var id: String

        /// The endpoint for the conversation `id`.
        public init(id: String) {
            self.id = id
        }

        public var path: String { "/conversations/\(segment(id))" }
        public var method: APIMethod { .patch }
    }

    /// `DELETE /conversations/{id}`: removes it and its messages (204).
    public struct DeleteConversation: APIEndpoint {
        /// The conversation's id.
        public var id: String

        /// The endpoint for the conversation `id`.
        public init(id: String) {
            self.id = id
        }

        public var path: String { "/conversations/\(segment(id))" }
        public var method: APIMethod { .delete }
    }

    /// `POST /conversations/{id}/duplicate`: a copy titled "Copy of …" with every message (201).
    public struct DuplicateConversation: APIEndpoint {
        public typealias ResponseBody = Conversation
        /// The id of the conversation to copy.
        public var id: String

        /// The endpoint copying the conversation `id`.
        public init(id: String) {
            self.id = id
        }

        public var path: String { "/conversations/\(segment(id))/duplicate" }
        public var method: APIMethod { .post }
    }
}
