import ChatAPI
import ChatClient
import Foundation
import LoupeClient
import LoupeCore
import TestServerSupport
import Testing

/// Streamed replies through `SSEClient` against the real backend.
@Suite struct ChatClientStreamingTests {
    /// Signs in, creates an empty conversation, streams one reply to it and returns the deltas.
    private func streamOneReply(_ harness: ChatHarness, text: String = "Is the refund on its way?")
        async throws -> (conversation: Conversation, deltas: [MessageDelta])
    {
        try await harness.chat.signIn(email: "ada@example.com")
        let conversation = try await harness.chat.createConversation(title: "Stream")
        var deltas: [MessageDelta] = []
        for try await delta in harness.chat.streamReply(to: conversation.id, text: text) { deltas.append(delta) }
        return (conversation, deltas)
    }

    @Test func replyIsStreamedAndJoinsToTheStoredMessage() async throws {
        try await withChat { harness in
            let (conversation, deltas) = try await streamOneReply(harness)
            #expect(deltas.count > 3)
            #expect(deltas.map(\.done) == Array(repeating: false, count: deltas.count - 1) + [true])
            let messages = try await harness.chat.messagePages(in: conversation.id).items()
            #expect(messages.map(\.role) == [.user, .assistant])
            #expect(messages.first?.text == "Is the refund on its way?")
            #expect(messages.last?.id == deltas.first?.messageId)
            #expect(messages.last?.text == deltas.map(\.deltaText).joined())

            let streams = await harness.streamEvents
            #expect(streams.count == 1, "a finished reply is not asked for again")
            let stream = try #require(streams.first)
            #expect(stream.state == .complete)
            #expect(stream.request.method == "POST")
            #expect(stream.request.headers["authorization"]?.hasPrefix("Bearer ") == true)
            #expect(stream.response?.status == 200)
            #expect(stream.sseEvents.count == deltas.count, "every event is logged")
            #expect(stream.sseEvents.map(\.id) == deltas.indices.map { "\(deltas[0].messageId).\($0)" })
        }
    }

    @Test func droppedStreamReconnectsWithLastEventIDAndTheWholeReplyArrives() async throws {
        try await withChat(backend: { $0.faults.dropStreamAfter = 3 }) { harness in
            let (conversation, deltas) = try await streamOneReply(harness)
            let messages = try await harness.chat.messagePages(in: conversation.id).items()
            #expect(messages.count == 2, "reconnecting resumed the reply instead of posting again")
            #expect(messages.last?.text == deltas.map(\.deltaText).joined())
            #expect(deltas.last?.done == true)

            let attempts = await harness.streamEvents.filter { !$0.sseEvents.isEmpty }
            // At most three events per connection; a drop may also lose some in flight.
            #expect(attempts.count >= (deltas.count + 2) / 3)
            #expect(attempts.allSatisfy { $0.sseEvents.count <= 3 })
            let loggedIDs = attempts.flatMap(\.sseEvents).map(\.id)
            #expect(loggedIDs == deltas.indices.map { "\(deltas[0].messageId).\($0)" }, "resumed without gaps or repeats")
            #expect(Set(attempts.compactMap(\.requestID)).count == 1, "one logical stream")
            #expect(attempts.first?.request.headers["last-event-id"] == nil)
            for (previous, next) in zip(attempts, attempts.dropFirst()) {
                #expect(next.request.headers["last-event-id"] == previous.sseEvents.last?.id)
                #expect(next.attempt == (previous.attempt ?? 0) + 1)
            }
            #expect(attempts.dropLast().allSatisfy { $0.state == .failed }, "each dropped connection is logged as failed")
            #expect(attempts.last?.state == .complete)
            #expect(await harness.streamEvents.last?.id == attempts.last?.id, "nothing is opened after the reply")
        }
    }

    @Test func serverRetryFieldSetsTheReconnectionWait() async throws {
        try await withChat(
            backend: {
                $0.streamRetryMilliseconds = 5
                $0.faults.dropStreamAfter = 4
            },
            client: { $0.sse.reconnectPolicy = SSEReconnectPolicy(initialDelay: .seconds(600), maximumDelay: .seconds(600)) }
        ) { harness in
            // Without the server's retry: the client would wait ten minutes before reconnecting.
            let (conversation, deltas) = try await withDeadline(.seconds(20)) { try await streamOneReply(harness) }
            #expect(deltas.last?.done == true)
            let stored = try await harness.chat.messagePages(in: conversation.id).items()
            #expect(stored.last?.text == deltas.map(\.deltaText).joined())
            let attempts = await harness.streamEvents.filter { !$0.sseEvents.isEmpty }
            #expect(attempts.count > 1)
            #expect(attempts.allSatisfy { $0.sseEvents.first?.retry == 5 })
        }
    }

    @Test func noContentEndsTheStreamWithoutReconnecting() async throws {
        try await withChat(backend: { $0.faults.streamNoContent = true }) { harness in
            let error = await #expect(throws: SSEClientError.self) { _ = try await streamOneReply(harness) }
            guard case .noContent = error else {
                Issue.record("expected 204 No Content, got \(String(describing: error))")
                return
            }
            let streams = await harness.streamEvents
            #expect(streams.count == 1)
            #expect(streams.first?.response?.status == 204)
        }
    }

    @Test func streamWithoutASessionFailsUnauthorized() async throws {
        try await withChat { harness in
            await #expect(throws: NetworkError.unauthorized) {
                for try await _ in harness.chat.streamReply(to: "conv_any", text: "hi") {}
            }
            #expect(await harness.events.isEmpty)
        }
    }
}

/// Runs `body`, failing with ``DeadlineExceeded`` if it has not finished after `limit` (scaled for
/// sanitizer runs): a guard against hanging, not a speed check.
func withDeadline<Value: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Value)
    async throws -> Value
{
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit.scaledForTests)
            throw DeadlineExceeded(limit: limit.scaledForTests)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// A guarded operation did not finish in time.
struct DeadlineExceeded: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "The operation did not finish within \(limit)." }
}
