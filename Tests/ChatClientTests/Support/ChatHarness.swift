import ChatAPI
import ChatBackend
import ChatClient
import Foundation
import Logging
import LoupeClient
import LoupeCore
import LoupeRedaction

/// A running sample backend and a ``ChatClient`` pointed at it, recording into a redacting
/// logger, with clocks and retry sleeps under the test's control.
struct ChatHarness: Sendable {
    let backend: ChatBackend
    let chat: ChatClient
    let logger: NetworkLogger
    /// The backend's clock: moving it expires tokens on the server.
    let serverClock: TestClock
    /// The client's clock (session expiry, `Retry-After` dates): moving it makes the session refresh.
    let clientClock: TestClock
    let sleeps: SleepRecorder
    let port: Int

    /// Moves both clocks, as time passing would.
    func advanceClocks(by seconds: TimeInterval) {
        serverClock.advance(by: seconds)
        clientClock.advance(by: seconds)
    }

    /// Every stored event, oldest first.
    var events: [NetworkEvent] {
        get async { await logger.snapshot().sorted { $0.sequence < $1.sequence } }
    }

    /// The stored events of API calls whose URL path is `path`, oldest first.
    func apiEvents(_ method: String, _ path: String) async -> [NetworkEvent] {
        await events.filter { event in
            event.source == .apiClient && event.request.method == method && URL(string: event.request.url)?.path == path
        }
    }

    /// The stored attempts of reply streams, oldest first.
    var streamEvents: [NetworkEvent] {
        get async { await events.filter { $0.source == .sseClient } }
    }
}

/// Starts a backend on a free port and a client for it, runs `body`, then stops both (the client
/// also when `body` throws, since an `HTTPClient` must be shut down).
///
/// Defaults keep tests fast and deterministic: replies stream without pauses, retries and
/// reconnections do not wait, and the jitter draw is fixed.
func withChat<Value: Sendable>(
    backend changeBackend: (inout ChatBackend.Configuration) -> Void = { _ in },
    client changeClient: @escaping @Sendable (inout ChatClient.Configuration) -> Void = { _ in },
    _ body: @Sendable (ChatHarness) async throws -> Value
) async throws -> Value {
    let serverClock = TestClock()
    let clientClock = TestClock()
    let sleeps = SleepRecorder()

    var backendConfiguration = ChatBackend.Configuration()
    backendConfiguration.streamInterval = .zero
    backendConfiguration.now = { serverClock.now }
    changeBackend(&backendConfiguration)
    let backend = ChatBackend(configuration: backendConfiguration, logger: .quiet)

    let logger = NetworkLogger(configuration: .redacting(ruleSet: .builtIn))
    return try await backend.withRunningServer { port in
        var configuration = ChatClient.Configuration(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        configuration.api.retryTiming = RetryTiming(sleep: { try await sleeps.sleep($0) }, random: { 0 },
                                                    now: { clientClock.now })
        configuration.session.now = { clientClock.now }
        configuration.sse.reconnectPolicy = SSEReconnectPolicy(initialDelay: .zero, maximumDelay: .zero)
        configuration.sse.maximumReconnects = 20  // a broken resume must fail the test, not loop
        changeClient(&configuration)
        let chat = ChatClient(configuration: configuration, networkLogger: logger, logger: .quiet)
        let harness = ChatHarness(backend: backend, chat: chat, logger: logger, serverClock: serverClock,
                                  clientClock: clientClock, sleeps: sleeps, port: port)
        do {
            let value = try await body(harness)
            try await chat.shutdown()
            return value
        } catch {
            try? await chat.shutdown()
            throw error
        }
    }
}

extension Logger {
    /// A logger for the backend and the session that keeps test output readable.
    static var quiet: Logger {
        var logger = Logger(label: "chat-client-tests")
        logger.logLevel = .critical
        return logger
    }
}
