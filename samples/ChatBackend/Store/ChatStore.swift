import ChatAPI
import Foundation

/// The backend's in-memory state: users, sessions, conversations and messages. An actor, so
/// concurrent requests see consistent data; nothing is persisted.
actor ChatStore {
    /// How long the kinds of token stay valid.
    struct Lifetimes {
        var accessToken: Duration
        var refreshToken: Duration
        var magicToken: Duration
    }

    /// Who a token belongs to and until when.
    struct Grant {
        var subject: String
        var expiresAt: Date
    }

    struct StoredConversation {
        var conversation: Conversation
        let ownerID: String
        let sequence: Int
    }

    struct StoredMessage {
        var message: Message
        let sequence: Int
    }

    let now: @Sendable () -> Date
    let lifetimes: Lifetimes
    let seedsNewUsers: Bool

    var users: [String: Me] = [:]
    var userIDsByEmail: [String: String] = [:]
    /// Magic token → email.
    var magicTokens: [String: Grant] = [:]
    /// Access token → user id.
    var accessTokens: [String: Grant] = [:]
    /// Refresh token → user id.
    var refreshTokens: [String: Grant] = [:]
    var conversations: [String: StoredConversation] = [:]
    /// Conversation id → its messages, oldest first.
    var messages: [String: [StoredMessage]] = [:]
    /// One counter orders every conversation and message, so cursors survive deletions.
    private var lastSequence = 0

    init(lifetimes: Lifetimes, seedsNewUsers: Bool, now: @escaping @Sendable () -> Date) {
        self.lifetimes = lifetimes
        self.seedsNewUsers = seedsNewUsers
        self.now = now
    }

    func nextSequence() -> Int {
        lastSequence += 1
        return lastSequence
    }

    /// A random identifier with a readable prefix, e.g. `conv_1f0c…`.
    nonisolated static func makeID(_ prefix: String, bytes: Int = 8) -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
        return prefix + "_" + hex.joined()
    }
}

extension Duration {
    /// The duration in seconds, for `Date` arithmetic.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
