import ChatAPI
import Hummingbird

/// `/rpc/*`: magic-link sign-in, token refresh and the current user.
struct AuthRoutes {
    let store: ChatStore
    let revealMagicTokens: Bool

    func add(public router: Router<ChatRequestContext>, authenticated: RouterGroup<ChatRequestContext>) {
        router.post("/rpc/request_magic_link") { request, context in
            let body = try await request.decode(as: RequestMagicLink.self, context: context)
            return try JSONResponse.make(try await store.requestMagicLink(email: body.email, revealToken: revealMagicTokens))
        }
        router.post("/rpc/login_with_magic_token") { request, context in
            let body = try await request.decode(as: LoginWithMagicToken.self, context: context)
            return try JSONResponse.make(try await store.login(magicToken: body.token))
        }
        router.post("/rpc/refresh_tokens") { request, context in
            let body = try await request.decode(as: RefreshTokens.self, context: context)
            return try JSONResponse.make(try await store.refresh(refreshToken: body.refreshToken))
        }
        authenticated.get("/rpc/me") { _, context in
            try JSONResponse.make(try await store.me(userID: context.requireUser()))
        }
    }
}
