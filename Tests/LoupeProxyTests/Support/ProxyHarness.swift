import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeProxy
import LoupeRedaction
import NIOCore
import TestServerSupport

/// A proxy on 127.0.0.1 (a free port) logging into a redacting ``NetworkLogger``, for tests.
struct ProxyHarness {
    let proxy: ProxyServer
    let logger: NetworkLogger
    let port: Int

    /// Starts a proxy; `configure` adjusts the configuration (upstream, timeouts, ports).
    static func start(logging: NetworkLogger.Configuration = .redacting(),
                      _ configure: (inout ProxyServer.Configuration) -> Void = { _ in }) async throws -> ProxyHarness {
        var configuration = ProxyServer.Configuration()
        configuration.port = 0
        configure(&configuration)
        let logger = NetworkLogger(configuration: logging)
        let proxy = ProxyServer(configuration: configuration, networkLogger: logger)
        let address = try await proxy.start()
        return ProxyHarness(proxy: proxy, logger: logger, port: address.port!)
    }

    /// The logged events once every queued update has reached the logger.
    func events() async -> [NetworkEvent] {
        await proxy.flushLog()
        return await logger.snapshot()
    }

    /// Waits (up to five seconds, scaled for sanitizer runs) until the log holds `count` final
    /// events, then returns all events.
    func finishedEvents(count: Int) async -> [NetworkEvent] {
        let deadline = ContinuousClock.now + Duration.seconds(5).scaledForTests
        while ContinuousClock.now < deadline {
            let events = await events()
            if events.filter(\.state.isFinal).count >= count { return events }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await events()
    }

    func stop() async {
        await proxy.shutdown(gracePeriod: .milliseconds(100))
    }
}

/// Runs curl with `arguments` on a Dispatch thread (a blocking wait on the cooperative pool would
/// starve the in-process origin); nil when curl is not installed.
func runCurl(_ arguments: [String]) async throws -> (status: Int32, output: String)? {
    try await runTool("curl", ["--silent", "--show-error", "--max-time", "10"] + arguments)
}

/// Runs `body` with an AsyncHTTPClient and shuts the client down however `body` ends.
func withHTTPClient<T>(_ configuration: HTTPClient.Configuration = .init(),
                       _ body: (HTTPClient) async throws -> T) async throws -> T {
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

/// Whether curl is installed, for `.enabled(if:)`.
let curlIsInstalled = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"]
    .contains { FileManager.default.isExecutableFile(atPath: $0) }
