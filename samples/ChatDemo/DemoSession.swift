import ChatAPI
import ChatClient
import Foundation
import Logging
import LoupeClient
import LoupeCore

/// The scripted chat session the demo drives into one log, along two paths: the instrumented
/// ``ChatClient`` calling the backend directly (sign-in, models, paging, a rename, a 401 and its
/// token refresh, a 429 with `Retry-After`, a retried 503, a streamed reply and a dropped stream
/// that reconnects), then plain HTTP requests through the reverse proxy (see
/// ``runThroughProxy(pass:)``).
public struct DemoSession: Sendable {
    /// The servers the session talks to.
    public let environment: DemoEnvironment
    /// The log the instrumented client records into (the proxy records into it too).
    public let networkLogger: NetworkLogger
    /// Gets one line per step, before it runs ("401 → token refresh").
    public let progress: @Sendable (String) -> Void
    private let logger: Logger

    /// A session against `environment`, recording into `networkLogger`.
    public init(environment: DemoEnvironment, networkLogger: NetworkLogger,
                logger: Logger = Logger(label: "loupe.demo"), progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.environment = environment
        self.networkLogger = networkLogger
        self.logger = logger
        self.progress = progress
    }

    /// Runs the script once, or again and again until `duration` has passed (each pass signs in
    /// as a new user); returns how many passes ran.
    ///
    /// - Throws: ``DemoError`` naming the step that failed, or `CancellationError`.
    @discardableResult
    public func run(for duration: Duration? = nil) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = duration.map { clock.now.advanced(by: $0) }
        var passes = 0
        repeat {
            try Task.checkCancellation()
            passes += 1
            try await runOnce(pass: passes)
        } while deadline.map { clock.now < $0 } ?? false
        return passes
    }

    /// One pass of the script: the client's part, then the proxy's.
    public func runOnce(pass: Int = 1) async throws {
        var configuration = ChatClient.Configuration(baseURL: URL(string: environment.backendURL)!)
        configuration.sse.maximumReconnects = 10
        let chat = ChatClient(configuration: configuration, networkLogger: networkLogger, logger: logger)
        do {
            try await runWithClient(chat, pass: pass)
            try await chat.shutdown()
        } catch {
            try? await chat.shutdown()
            throw error
        }
        try await runThroughProxy(pass: pass)
    }

    /// The instrumented client's part of the script.
    private func runWithClient(_ chat: ChatClient, pass: Int) async throws {
        let faults = environment.backend.faults
        try await step("client: sign in with a magic link") {
            try await chat.signIn(email: "ada+\(pass)@example.com")
        }
        try await step("client: list the models") { _ = try await chat.models() }
        let conversation = try await step("client: create a conversation") {
            try await chat.createConversation(title: "Loupe demo \(pass)")
        }
        try await step("client: page through the conversations, 2 at a time") {
            var pages = 0
            for try await _ in chat.conversationPages(pageSize: 2) { pages += 1 }
            guard pages > 1 else { throw DemoError(step: "page", reason: "only \(pages) page came back") }
        }
        try await step("client: pin the conversation (PATCH its title)") {
            _ = try await chat.updateConversation(id: conversation.id, ConversationPatch(title: "📌 Loupe demo \(pass)"))
        }
        try await step("client: 401 → token refresh → retried") {
            await faults.failNext(1, status: 401)
            _ = try await chat.me()
        }
        try await step("client: 429 with Retry-After → waited and retried") {
            await faults.failNext(1, status: 429)
            _ = try await chat.models()
        }
        try await step("client: 503 → retried") {
            await faults.failNext(1, status: 503)
            _ = try await chat.conversation(id: conversation.id)
        }
        try await step("client: stream a reply over SSE") {
            try await Self.readReply(chat.streamReply(to: conversation.id, text: "What does Loupe do?"))
        }
        try await step("client: a dropped stream reconnects with Last-Event-ID") {
            await faults.update { $0.dropStreamAfter = 3 }
            do {
                try await Self.readReply(chat.streamReply(to: conversation.id, text: "And when the network drops?"))
                await faults.update { $0.dropStreamAfter = nil }
            } catch {
                await faults.update { $0.dropStreamAfter = nil }
                throw error
            }
        }
    }

    /// Reads a streamed reply to its last delta.
    private static func readReply(_ stream: AsyncThrowingStream<MessageDelta, any Error>) async throws {
        var done = false
        for try await delta in stream where delta.done { done = true }
        guard done else { throw DemoError(step: "stream", reason: "the reply ended before its last delta") }
    }

    /// Reports `name`, runs `body` and names the step in any error but cancellation.
    func step<Value>(_ name: String, _ body: () async throws -> Value) async throws -> Value {
        try Task.checkCancellation()
        progress(name)
        do {
            return try await body()
        } catch let error as CancellationError {
            throw error
        } catch let error as DemoError {
            throw DemoError(step: name, reason: error.reason)
        } catch {
            throw DemoError(step: name, reason: "\(error)")
        }
    }
}
