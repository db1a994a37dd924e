import ChatBackend
import Logging
import LoupeCore
import LoupeProxy
import LoupeServer
import NIOCore

/// Runs Loupe's demo: starts the sample chat backend, a reverse proxy in front of it and the log
/// API on free loopback ports, all recording into one redacting ``networkLogger``, and drives a
/// ``DemoSession`` through both the instrumented client and the proxy.
///
/// ```swift
/// let runner = DemoRunner()
/// try await runner.withServers { environment in
///     try await DemoSession(environment: environment, networkLogger: runner.networkLogger).run()
/// }
/// let events = await runner.networkLogger.snapshot()
/// ```
public struct DemoRunner: Sendable {
    /// Ports, rules and backend pace.
    public let configuration: Configuration
    /// The one log the client, the proxy and the log API share.
    public let networkLogger: NetworkLogger
    private let logger: Logger

    /// A demo with its own redacting log; `logger` gets the servers' own messages.
    public init(configuration: Configuration = Configuration(), logger: Logger = Logger(label: "loupe.demo")) {
        self.configuration = configuration
        self.logger = logger
        self.networkLogger = NetworkLogger(configuration: .redacting(ruleSet: configuration.ruleSet,
                                                                     maxEvents: configuration.maxEvents))
    }

    /// Starts the backend, the proxy and the log API, runs `body` with their addresses, then
    /// stops all three, also when `body` throws or the task is cancelled.
    ///
    /// - Throws: ``DemoError`` when a server cannot start, or what `body` throws.
    public func withServers<Value: Sendable>(_ body: @Sendable (DemoEnvironment) async throws -> Value) async throws -> Value {
        var backendConfiguration = ChatBackend.Configuration()
        backendConfiguration.streamInterval = configuration.streamInterval
        backendConfiguration.streamRetryMilliseconds = configuration.streamRetryMilliseconds
        backendConfiguration.faults.retryAfterSeconds = configuration.retryAfterSeconds
        let backend = ChatBackend(configuration: backendConfiguration, logger: logger)
        let networkLogger = networkLogger
        let configuration = configuration
        let logger = logger
        do {
            return try await backend.withRunningServer { backendPort in
                var proxyConfiguration = ProxyServer.Configuration()
                proxyConfiguration.host = "127.0.0.1"
                proxyConfiguration.port = 0
                do {
                    proxyConfiguration.upstream = try ProxyUpstream(parsing: "http://127.0.0.1:\(backendPort)")
                } catch {
                    throw DemoError(step: "point the proxy at the backend", reason: "\(error)")
                }
                let proxy = ProxyServer(configuration: proxyConfiguration, networkLogger: networkLogger, logger: logger)
                let proxyPort: Int
                do {
                    proxyPort = try await proxy.start().port ?? 0
                } catch {
                    throw DemoError(step: "start the reverse proxy", reason: "\(error)")
                }
                let logAPI: LogAPIServer.Running
                do {
                    logAPI = try await LogAPIServer(logger: networkLogger, configuration: .init(
                        port: configuration.logAPIPort, source: .app, ruleSet: configuration.ruleSet,
                        heartbeatInterval: .seconds(5), logger: logger)).start()
                } catch {
                    await proxy.shutdown(gracePeriod: .seconds(1))
                    throw DemoError(step: "serve the log API on 127.0.0.1:\(configuration.logAPIPort)",
                                    reason: "\(error); choose another --port")
                }
                let environment = DemoEnvironment(backend: backend, backendPort: backendPort,
                                                  proxyPort: proxyPort, logAPIPort: logAPI.port,
                                                  logAPIURL: logAPI.inspectorURL)
                let result: Result<Value, any Error>
                do { result = .success(try await body(environment)) } catch { result = .failure(error) }
                await proxy.shutdown(gracePeriod: .seconds(1))
                await logAPI.shutdown()
                return try result.get()
            }
        } catch ChatBackendError.notStarted {
            throw DemoError(step: "start the sample backend", reason: ChatBackendError.notStarted.description)
        }
    }
}
