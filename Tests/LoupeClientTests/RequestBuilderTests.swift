import Foundation
import LoupeClient
import LoupeCore
import Testing

/// Turning endpoints into requests and JSON back into values.
@Suite struct RequestBuilderTests {
    struct Draft: Codable, Sendable, Equatable {
        let conversationId: String
        let sentAt: Date
    }

    struct Search: APIEndpoint {
        typealias RequestBody = Draft
        typealias ResponseBody = [Draft]
        var path: String { "conversations/search" }
        var method: APIMethod { .post }
        var query: [URLQueryItem] { [URLQueryItem(name: "q", value: "a+b&c=d #1"), URLQueryItem(name: "flag", value: nil)] }
        var headers: [HTTPHeader] { [HTTPHeader(name: "accept", value: "application/vnd.chat+json")] }
        var timeout: Duration? { .seconds(3) }
    }

    static let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test func joinsTheBaseURLAndPathAndEncodesTheQuery() throws {
        let builder = RequestBuilder(baseURL: URL(string: "http://127.0.0.1:8080/api/")!, timeout: .seconds(30))
        let request = try builder.request(for: Search(), body: Draft(conversationId: "c1", sentAt: Self.date))
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/conversations/search?q=a%2Bb%26c%3Dd%20%231&flag")
        #expect(request.method == .post)
        #expect(request.timeout == .seconds(3))
        #expect(request.requiresAuth)
        #expect(!request.isIdempotent)
        #expect(request.headers.values(named: "accept") == ["application/vnd.chat+json"])
        #expect(request.headers["content-type"] == "application/json")
    }

    @Test func encodesISODatesAndOptionallySnakeCase() throws {
        let body = Draft(conversationId: "c1", sentAt: Self.date)
        let camel = try RequestBuilder(baseURL: testBaseURL).request(for: Search(), body: body)
        #expect(String(decoding: camel.body ?? Data(), as: UTF8.self).contains(#""conversationId":"c1""#))
        #expect(String(decoding: camel.body ?? Data(), as: UTF8.self).contains(#""sentAt":"2026-01-01T00:00:00Z""#))
        let snake = try RequestBuilder(baseURL: testBaseURL, keyStyle: .snakeCase).request(for: Search(), body: body)
        #expect(String(decoding: snake.body ?? Data(), as: UTF8.self).contains(#""conversation_id":"c1""#))
        #expect(String(decoding: snake.body ?? Data(), as: UTF8.self).contains(#""sent_at":"#))
    }

    @Test func decodesDatesWithOrWithoutFractionalSeconds() throws {
        let builder = RequestBuilder(baseURL: testBaseURL, keyStyle: .snakeCase)
        let json = #"[{"conversation_id":"a","sent_at":"2026-01-01T00:00:00Z"},{"conversation_id":"b","sent_at":"2026-01-01T00:00:00.500Z"}]"#
        let drafts = try builder.decode([Draft].self, from: Data(json.utf8))
        #expect(drafts == [Draft(conversationId: "a", sentAt: Self.date),
                           Draft(conversationId: "b", sentAt: Self.date.addingTimeInterval(0.5))])
    }

    @Test func anEmptyBodyIsNeitherSentNorDecoded() throws {
        let builder = RequestBuilder(baseURL: testBaseURL)
        let request = try builder.request(for: TestEndpoint("/ping", method: .delete, as: EmptyBody.self), body: EmptyBody())
        #expect(request.body == nil)
        #expect(request.headers["content-type"] == nil)
        #expect(request.headers["accept"] == "application/json")
        #expect(request.isIdempotent)
        #expect(try builder.decode(EmptyBody.self, from: Data("not json".utf8)) == EmptyBody())
    }

    @Test func defaultHeadersAreSentAndEndpointHeadersReplaceThem() throws {
        let builder = RequestBuilder(baseURL: testBaseURL, defaultHeaders: [HTTPHeader(name: "User-Agent", value: "chat/1"),
                                                                           HTTPHeader(name: "Accept", value: "text/plain")])
        let request = try builder.request(for: Search(), body: Draft(conversationId: "c", sentAt: Self.date))
        #expect(request.headers["user-agent"] == "chat/1")
        #expect(request.headers.values(named: "accept") == ["application/vnd.chat+json"])
    }

    @Test func anEventStreamRequestCarriesTheTokenBodyAndAccept() async throws {
        let session = SessionController(store: InMemoryTokenStore(AuthTokens(accessToken: "tok", refreshToken: "r",
                                                                              expiresAt: nil)))
        let client = APIClient(transport: ScriptedTransport { _, _ in APIResponse(status: 200) },
                               configuration: .testing(testBaseURL), session: session)
        let endpoint = TestEndpoint("/conversations/1/messages", method: .post, requiresAuth: true, as: EmptyBody.self,
                                    sending: Draft.self)
        let request = try await client.eventStreamRequest(endpoint, body: Draft(conversationId: "1", sentAt: Self.date))
        #expect(request.url == "http://api.test/conversations/1/messages")
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == "Bearer tok")
        #expect(request.headers["accept"] == "text/event-stream")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) }?.contains(#""conversationId":"1""#) == true)

        let anonymous = APIClient(transport: ScriptedTransport { _, _ in APIResponse(status: 200) },
                                  configuration: .testing(testBaseURL))
        await #expect(throws: NetworkError.unauthorized) {
            try await anonymous.eventStreamRequest(endpoint, body: Draft(conversationId: "1", sentAt: Self.date))
        }
    }
}
