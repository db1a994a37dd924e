import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// HTTPS load from AsyncHTTPClient, straight to an origin or through an HTTP proxy with
/// `CONNECT` (which `wrk` cannot do): `concurrency` tasks each send `GET` after `GET` for a while
/// and time every response.
struct HTTPSLoad {
    /// How the requests use connections.
    enum Connections {
        /// Every task keeps its connection open: requests/s of TLS records, not handshakes.
        case keptAlive
        /// `connection: close` on every request, so each request opens a new TCP connection, a
        /// new `CONNECT` tunnel when proxied, and a new TLS handshake.
        case newPerRequest
    }

    /// What a run measured.
    struct Result {
        var requests: Int
        var requestsPerSecond: Double
        /// Milliseconds.
        var p50: Double
        var p99: Double
        var errors: Int
        /// The first failure, to say why when there were errors.
        var firstError: String?
    }

    /// The URL requested, `https://localhost:PORT/`.
    var url: String
    /// The HTTP proxy the requests go through, nil for direct.
    var proxyPort: Int?
    /// The PEM file of the CA the client trusts: the origin's direct, the proxy's through it.
    var trustRoot: String
    var eventLoopGroup: any EventLoopGroup

    /// Runs `concurrency` tasks for `seconds` on a client of its own (an empty connection pool).
    func run(concurrency: Int, seconds: Double, connections: Connections) async -> Result {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.file(trustRoot)]
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .http1Only
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        if let proxyPort { configuration.proxy = .server(host: "127.0.0.1", port: proxyPort) }
        let client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)

        var template = HTTPClientRequest(url: url)
        if connections == .newPerRequest { template.headers.add(name: "connection", value: "close") }
        let request = template
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let outcomes = await withTaskGroup(of: TaskOutcome.self) { group in
            for _ in 0..<concurrency {
                group.addTask { await Self.loop(client: client, request: request, until: deadline) }
            }
            var outcomes: [TaskOutcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let elapsed = (ContinuousClock.now - start).seconds
        try? await client.shutdown()

        var latencies = outcomes.flatMap(\.latencies)
        latencies.sort()
        func percentile(_ fraction: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
        }
        return Result(requests: latencies.count, requestsPerSecond: Double(latencies.count) / elapsed,
                      p50: percentile(0.5), p99: percentile(0.99),
                      errors: outcomes.map(\.errors).reduce(0, +), firstError: outcomes.compactMap(\.firstError).first)
    }

    private struct TaskOutcome: Sendable {
        var latencies: [Double] = []
        var errors = 0
        var firstError: String?
    }

    private static func loop(client: HTTPClient, request: HTTPClientRequest, until deadline: ContinuousClock.Instant) async -> TaskOutcome {
        var outcome = TaskOutcome()
        outcome.latencies.reserveCapacity(100_000)
        while ContinuousClock.now < deadline {
            let began = ContinuousClock.now
            do {
                let response = try await client.execute(request, timeout: .seconds(10))
                _ = try await response.body.collect(upTo: 1 << 16)
                guard response.status == .ok else { throw BenchmarkError("status \(response.status.code)") }
                outcome.latencies.append((ContinuousClock.now - began).seconds * 1000)
            } catch {
                outcome.errors += 1
                if outcome.firstError == nil { outcome.firstError = "\(error)" }
                // A proxy that refuses everything must not turn the loop into a busy spin.
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return outcome
    }
}
