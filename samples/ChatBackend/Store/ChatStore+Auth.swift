import ChatAPI
import Foundation

extension ChatStore {
    /// Records a single-use magic token for `email` (creating nothing yet) and describes it.
    func requestMagicLink(email rawEmail: String, revealToken: Bool) throws -> MagicLinkSent {
        let email = try Self.validEmail(rawEmail)
        let token = Self.makeID("mlt", bytes: 16)
        let expiresAt = now().addingTimeInterval(lifetimes.magicToken.timeInterval)
        magicTokens[token] = Grant(subject: email, expiresAt: expiresAt)
        return MagicLinkSent(email: email, expiresAt: expiresAt, devToken: revealToken ? token : nil)
    }

    /// Exchanges a magic token (once) for a session, creating the user on first sign-in.
    func login(magicToken: String) throws -> AuthTokens {
        guard let grant = magicTokens.removeValue(forKey: magicToken), grant.expiresAt > now() else {
            throw ChatError.unauthorized("The magic token is unknown, already used or expired; request a new link at POST /rpc/request_magic_link.", invalidToken: true)
        }
        let userID = userIDsByEmail[grant.subject] ?? createUser(email: grant.subject)
        return issueTokens(for: userID)
    }

    /// Rotates a session: the refresh token works once and the answer carries a new one.
    func refresh(refreshToken: String) throws -> AuthTokens {
        guard let grant = refreshTokens.removeValue(forKey: refreshToken), grant.expiresAt > now() else {
            throw ChatError.unauthorized("The refresh token is unknown, already used or expired; sign in again with a magic link.", invalidToken: true)
        }
        return issueTokens(for: grant.subject)
    }

    /// The user of a valid access token; a 401 that says why otherwise.
    func authenticate(accessToken: String) throws -> String {
        guard let grant = accessTokens[accessToken] else {
            throw ChatError.unauthorized("The access token is not valid; sign in again.", invalidToken: true)
        }
        guard grant.expiresAt > now() else {
            accessTokens[accessToken] = nil
            throw ChatError.unauthorized("The access token has expired; get a new one at POST /rpc/refresh_tokens.", invalidToken: true)
        }
        return grant.subject
    }

    func me(userID: String) throws -> Me {
        guard let user = users[userID] else {
            throw ChatError.unauthorized("The signed-in user no longer exists; sign in again.", invalidToken: true)
        }
        return user
    }

    private func issueTokens(for userID: String) -> AuthTokens {
        let issuedAt = now()
        let expiresAt = issuedAt.addingTimeInterval(lifetimes.accessToken.timeInterval)
        let tokens = AuthTokens(accessToken: Self.makeID("at", bytes: 24), refreshToken: Self.makeID("rt", bytes: 24), expiresAt: expiresAt)
        accessTokens[tokens.accessToken] = Grant(subject: userID, expiresAt: expiresAt)
        refreshTokens[tokens.refreshToken] = Grant(subject: userID, expiresAt: issuedAt.addingTimeInterval(lifetimes.refreshToken.timeInterval))
        return tokens
    }

    private func createUser(email: String) -> String {
        let known = SeedData.knownUsers[email]
        let name = known?.displayName ?? String(email.prefix { $0 != "@" })
        let user = Me(id: Self.makeID("usr"), email: email, phone: known?.phone, displayName: name)
        users[user.id] = user
        userIDsByEmail[email] = user.id
        if seedsNewUsers {
            seedConversations(for: user.id)
        }
        return user.id
    }

    /// A lower-cased address with one `@`, something on both sides and no spaces.
    private static func validEmail(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: \.isWhitespace), email.count <= 254
        else {
            throw ChatError.badRequest("The field \"email\" must be an email address such as ada@example.com.")
        }
        return email
    }
}
