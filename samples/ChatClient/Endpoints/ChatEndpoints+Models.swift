import ChatAPI
import LoupeClient

extension ChatEndpoints {
    /// `GET /models`: the models a conversation can use. Public, no session needed.
    public struct ListModels: APIEndpoint {
        public typealias ResponseBody = [Model]

        /// The endpoint.
        public init() {}

        public var path: String { "/models" }
        public var requiresAuth: Bool { false }
    }
}
