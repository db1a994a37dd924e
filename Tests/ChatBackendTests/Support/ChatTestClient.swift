import ChatAPI
import ChatBackend
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// A thin JSON layer over HummingbirdTesting's client for the chat API.
struct ChatTestClient: Sendable {
    let client: any TestClientProtocol

    /// Sends a request with an optional bearer token and raw body.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if let token {
            headers[.authorization] = "Bearer \(token)"
        }
        if body != nil {
            headers[.contentType] = "application/json"
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Sends `value` as a JSON body.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, headers: HTTPFields = [:], json value: some Encodable
    ) async throws -> TestResponse {
        let body = String(decoding: try ChatJSON.makeEncoder().encode(value), as: UTF8.self)
        return try await send(method, uri, token: token, headers: headers, body: body)
    }

    /// Magic link, then login: the whole sign-in of a user.
    func signIn(email: String = "ada@example.com") async throws -> AuthTokens {
        let link = try await send(.post, "/rpc/request_magic_link", json: RequestMagicLink(email: email)).decoded(as: MagicLinkSent.self)
        let token = try #require(link.devToken)
        return try await send(.post, "/rpc/login_with_magic_token", json: LoginWithMagicToken(token: token)).decoded(as: AuthTokens.self)
    }

    /// Creates a conversation and returns it.
    func createConversation(_ title: String, token: String) async throws -> Conversation {
        try await send(.post, "/conversations", token: token, json: NewConversation(title: title)).decoded(as: Conversation.self)
    }
}

/// Errors of the test helpers themselves.
struct UnexpectedResponse: Error, CustomStringConvertible {
    var description: String
}

extension TestResponse {
    /// The body as UTF-8 text.
    var text: String { String(buffer: body) }

    /// The body decoded as `type`; fails with the status and body when it is not a 2xx JSON body.
    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        guard (200..<300).contains(status.code) else {
            throw UnexpectedResponse(description: "HTTP \(status.code): \(text)")
        }
        return try ChatJSON.makeDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// The JSON error body every failure carries.
    func apiError() throws -> APIError {
        try ChatJSON.makeDecoder().decode(APIError.self, from: Data(text.utf8))
    }
}

extension ChatBackend.Configuration {
    /// Test settings: replies stream without pauses.
    static func testing(_ change: (inout Self) -> Void = { _ in }) -> Self {
        var configuration = Self()
        configuration.streamInterval = .zero
        change(&configuration)
        return configuration
    }
}

extension ChatBackend {
    /// A backend that logs only warnings, so test output stays readable.
    static func testing(_ configuration: Configuration = .testing()) -> ChatBackend {
        var logger = Logger(label: "chat-backend-tests")
        logger.logLevel = .warning
        return ChatBackend(configuration: configuration, logger: logger)
    }
}

/// Runs `body` against a backend through HummingbirdTesting (`.router` by default: no sockets).
func withChatBackend<Value: Sendable>(
    _ configuration: ChatBackend.Configuration = .testing(),
    setup: TestingSetup = .router,
    _ body: @Sendable (ChatTestClient) async throws -> Value
) async throws -> Value {
    try await ChatBackend.testing(configuration).makeApplication().test(setup) { client in
        try await body(ChatTestClient(client: client))
    }
}
