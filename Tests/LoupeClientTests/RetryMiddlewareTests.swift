import Foundation
import LoupeClient
import LoupeCore
import Testing

/// Which failures ``RetryMiddleware`` retries, and how long it waits.
@Suite struct RetryMiddlewareTests {
    /// A client over a transport answering `statuses` in turn (the last one repeats).
    static func client(_ statuses: [Int], headers: [HTTPHeader] = [], sleeps: RecordedSleeps = RecordedSleeps(),
                       policy: RetryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: .seconds(1)))
        -> (APIClient, ScriptedTransport)
    {
        let transport = ScriptedTransport { _, index in
            APIResponse(status: statuses[min(index, statuses.count - 1)], headers: headers, body: Data("{}".utf8))
        }
        var configuration = APIClient.Configuration.testing(testBaseURL, retryTiming: sleeps.timing)
        configuration.retryPolicy = policy
        return (APIClient(transport: transport, configuration: configuration), transport)
    }

    @Test(arguments: [500, 502, 503, 504, 429])
    func retriesAnIdempotentRequestAfterARetryableStatus(status: Int) async throws {
        let sleeps = RecordedSleeps()
        let (client, transport) = Self.client([status, 200], sleeps: sleeps)
        try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        #expect(await transport.requests.count == 2)
        #expect(await sleeps.durations == [.seconds(1)])
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422, 501])
    func doesNotRetryOtherStatuses(status: Int) async throws {
        let (client, transport) = Self.client([status, 200])
        await #expect(throws: NetworkError.self) { try await client.send(TestEndpoint("/models", as: EmptyBody.self)) }
        #expect(await transport.requests.count == 1)
    }

    @Test func neverRetriesAPostByDefault() async throws {
        let (client, transport) = Self.client([503, 200])
        await #expect(throws: NetworkError.server(status: 503)) {
            try await client.send(TestEndpoint("/conversations", method: .post, as: EmptyBody.self))
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func retriesAPostWhoseEndpointIsIdempotent() async throws {
        let (client, transport) = Self.client([503, 200])
        try await client.send(TestEndpoint("/rpc/me", method: .post, idempotent: true, as: EmptyBody.self))
        #expect(await transport.requests.count == 2)
    }

    @Test func doesNotRetryAGetTheEndpointDeclaresNonIdempotent() async throws {
        let (client, transport) = Self.client([503, 200])
        await #expect(throws: NetworkError.server(status: 503)) {
            try await client.send(TestEndpoint("/jobs/next", idempotent: false, as: EmptyBody.self))
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func stopsAfterTheMaximumAttemptsWithTheLastError() async throws {
        let sleeps = RecordedSleeps()
        let (client, transport) = Self.client([503], sleeps: sleeps,
                                              policy: RetryPolicy(maximumAttempts: 4, initialDelay: .seconds(1),
                                                                  multiplier: 2, maximumDelay: .seconds(3), jitter: 0))
        await #expect(throws: NetworkError.server(status: 503)) {
            try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        }
        #expect(await transport.requests.count == 4)
        // 1 s, 2 s, then 4 s capped at 3 s.
        #expect(await sleeps.durations == [.seconds(1), .seconds(2), .seconds(3)])
    }

    @Test func retriesTransportFailuresButNotCancellation() async throws {
        let failures: [any Error & Sendable] = [NetworkError.offline, NetworkError.timeout,
                                                NetworkError.transport(reason: "reset.")]
        for failure in failures {
            let transport = ScriptedTransport { _, index in
                if index == 0 { throw failure }
                return APIResponse(status: 204)
            }
            let client = APIClient(transport: transport, configuration: .testing(testBaseURL))
            try await client.send(TestEndpoint("/models", as: EmptyBody.self))
            #expect(await transport.requests.count == 2, "after \(failure)")
        }
        let cancelled = ScriptedTransport { _, _ in throw CancellationError() }
        let client = APIClient(transport: cancelled, configuration: .testing(testBaseURL))
        await #expect(throws: NetworkError.cancelled) { try await client.send(TestEndpoint("/models", as: EmptyBody.self)) }
        #expect(await cancelled.requests.count == 1)
    }

    @Test func neverRetriesAPostAfterATransportFailure() async throws {
        let transport = ScriptedTransport { _, _ in throw NetworkError.offline }
        let client = APIClient(transport: transport, configuration: .testing(testBaseURL))
        await #expect(throws: NetworkError.offline) {
            try await client.send(TestEndpoint("/conversations", method: .post, as: EmptyBody.self))
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func waitsTheRetryAfterSeconds() async throws {
        let sleeps = RecordedSleeps()
        let (client, _) = Self.client([429, 200], headers: [HTTPHeader(name: "Retry-After", value: "7")], sleeps: sleeps)
        try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        #expect(await sleeps.durations == [.seconds(7)])
    }

    @Test func waitsUntilTheRetryAfterDate() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        let sleeps = RecordedSleeps(now: now)
        let (client, _) = Self.client([503, 200], headers: [HTTPHeader(name: "Retry-After",
                                                                         value: "Tue, 14 Nov 2023 22:13:32 GMT")],
                                      sleeps: sleeps)
        try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        #expect(await sleeps.durations == [.seconds(12)])
    }

    @Test func givesUpAtOnceWhenRetryAfterIsTooLong() async throws {
        let sleeps = RecordedSleeps()
        let (client, transport) = Self.client([429, 200], headers: [HTTPHeader(name: "Retry-After", value: "3600")],
                                              sleeps: sleeps)
        await #expect(throws: NetworkError.rateLimited(retryAfter: .seconds(3600))) {
            try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        }
        #expect(await transport.requests.count == 1)
        #expect(await sleeps.durations.isEmpty)
    }

    @Test func backoffIsExponentialCappedAndJitteredDownwards() {
        let policy = RetryPolicy(initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .milliseconds(500),
                                 jitter: 0.5)
        #expect((1...5).map { policy.backoff(beforeRetry: $0, random: 0) }
                == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500), .milliseconds(500)])
        #expect(policy.backoff(beforeRetry: 2, random: 0.5) == .milliseconds(150))
        #expect(policy.backoff(beforeRetry: 2, random: 0.999_999) > .milliseconds(100))
        #expect(policy.backoff(beforeRetry: 80, random: 0) == .milliseconds(500))
    }

    @Test func theJitterDrawComesFromTheInjectedRandomSource() async throws {
        let sleeps = RecordedSleeps(random: 0.5)
        let (client, _) = Self.client([503, 503, 200], sleeps: sleeps,
                                      policy: RetryPolicy(maximumAttempts: 3, initialDelay: .seconds(2), jitter: 0.5))
        try await client.send(TestEndpoint("/models", as: EmptyBody.self))
        #expect(await sleeps.durations == [.milliseconds(1500), .seconds(3)])
    }

    @Test func aCancelledWaitEndsTheRequestAsCancelled() async throws {
        let transport = ScriptedTransport { _, _ in APIResponse(status: 503) }
        var configuration = APIClient.Configuration.testing(testBaseURL)
        configuration.retryTiming = RetryTiming(sleep: { _ in throw CancellationError() })
        let client = APIClient(transport: transport, configuration: configuration)
        await #expect(throws: NetworkError.cancelled) { try await client.send(TestEndpoint("/models", as: EmptyBody.self)) }
    }
}
