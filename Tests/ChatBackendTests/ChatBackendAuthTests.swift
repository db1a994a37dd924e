import ChatAPI
import ChatBackend
import Foundation
import HTTPTypes
import Testing

@Suite struct ChatBackendAuthTests {
    @Test func magicLinkLoginMeRefreshRotatesTokens() async throws {
        try await withChatBackend { api in
            let tokens = try await api.signIn(email: " Ada@Example.com ")
            let me = try await api.send(.get, "/rpc/me", token: tokens.accessToken).decoded(as: Me.self)
            #expect(me.email == "ada@example.com")
            #expect(me.phone == "+44 20 7946 0958")

            let refreshed = try await api.send(.post, "/rpc/refresh_tokens", json: RefreshTokens(refreshToken: tokens.refreshToken))
                .decoded(as: AuthTokens.self)
            #expect(refreshed.accessToken != tokens.accessToken)
            #expect(refreshed.refreshToken != tokens.refreshToken)
            #expect(try await api.send(.get, "/rpc/me", token: refreshed.accessToken).decoded(as: Me.self) == me)

            let reused = try await api.send(.post, "/rpc/refresh_tokens", json: RefreshTokens(refreshToken: tokens.refreshToken))
            #expect(reused.status == .unauthorized)
            #expect(try reused.apiError().error == "unauthorized")
        }
    }

    @Test func magicTokenWorksOnce() async throws {
        try await withChatBackend { api in
            let link = try await api.send(.post, "/rpc/request_magic_link", json: RequestMagicLink(email: "grace@example.com"))
                .decoded(as: MagicLinkSent.self)
            let token = try #require(link.devToken)
            #expect(try await api.send(.post, "/rpc/login_with_magic_token", json: LoginWithMagicToken(token: token)).status == .ok)
            let second = try await api.send(.post, "/rpc/login_with_magic_token", json: LoginWithMagicToken(token: token))
            #expect(second.status == .unauthorized)
            #expect(try second.apiError().message.contains("request a new link"))
        }
    }

    @Test func expiredAccessTokenIsRejectedWithChallenge() async throws {
        let clock = TestClock()
        let configuration = ChatBackend.Configuration.testing {
            $0.accessTokenLifetime = .seconds(1)
            $0.now = { clock.now }
        }
        try await withChatBackend(configuration) { api in
            let tokens = try await api.signIn()
            #expect(tokens.expiresAt == clock.now.addingTimeInterval(1))
            #expect(try await api.send(.get, "/conversations", token: tokens.accessToken).status == .ok)

            clock.advance(by: 1.5)
            let expired = try await api.send(.get, "/conversations", token: tokens.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(expired.headers[.wwwAuthenticate] == "Bearer error=\"invalid_token\"")
            #expect(try expired.apiError().message.contains("expired"))

            // The refresh token outlives the access token and gets a working one.
            let refreshed = try await api.send(.post, "/rpc/refresh_tokens", json: RefreshTokens(refreshToken: tokens.refreshToken))
                .decoded(as: AuthTokens.self)
            #expect(try await api.send(.get, "/conversations", token: refreshed.accessToken).status == .ok)
        }
    }

    @Test func conversationRoutesNeedABearerToken() async throws {
        try await withChatBackend { api in
            for uri in ["/conversations", "/conversations/conv_x", "/conversations/conv_x/messages", "/rpc/me"] {
                let response = try await api.send(.get, uri)
                #expect(response.status == .unauthorized, "\(uri)")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
                #expect(try response.apiError().error == "unauthorized")
            }
            let basic = try await api.send(.get, "/conversations", headers: [.authorization: "Basic YWRhOnB3"])
            #expect(try basic.apiError().message.contains("Bearer scheme"))
            let forged = try await api.send(.get, "/conversations", token: "at_forged")
            #expect(forged.status == .unauthorized)
        }
    }

    @Test func invalidEmailIsABadRequestThatDoesNotEchoIt() async throws {
        try await withChatBackend { api in
            for email in ["", "ada", "ada@", "@example.com", "ada@example", "a b@example.com"] {
                let response = try await api.send(.post, "/rpc/request_magic_link", json: RequestMagicLink(email: email))
                #expect(response.status == .badRequest, "\(email)")
                #expect(try response.apiError().message == "The field \"email\" must be an email address such as ada@example.com.")
            }
        }
    }

    @Test func magicTokensCanBeHidden() async throws {
        try await withChatBackend(.testing { $0.revealsMagicTokens = false }) { api in
            let link = try await api.send(.post, "/rpc/request_magic_link", json: RequestMagicLink(email: "ada@example.com"))
                .decoded(as: MagicLinkSent.self)
            #expect(link.devToken == nil)
            #expect(link.email == "ada@example.com")
        }
    }

    @Test func newUsersGetRedactableSampleConversations() async throws {
        try await withChatBackend { api in
            let tokens = try await api.signIn(email: "newcomer@example.net")
            let me = try await api.send(.get, "/rpc/me", token: tokens.accessToken).decoded(as: Me.self)
            #expect(me.displayName == "newcomer")
            #expect(me.phone == nil)
            let page = try await api.send(.get, "/conversations?limit=100", token: tokens.accessToken).decoded(as: Page<Conversation>.self)
            var texts: [String] = []
            for conversation in page.items {
                let messages = try await api.send(.get, "/conversations/\(conversation.id)/messages?limit=100", token: tokens.accessToken)
                    .decoded(as: Page<Message>.self)
                texts += messages.items.map(\.text)
            }
            let all = texts.joined(separator: "\n")
            for secret in ["4111 1111 1111 1111", "+44 20 7946 0958", "ada.lovelace@example.com", "sk-proj-"] {
                #expect(all.contains(secret), "\(secret)")
            }
        }
    }
}
