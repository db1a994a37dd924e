import Hummingbird
import ServiceLifecycle

extension ChatBackend {
    /// Starts the server (use port 0), runs `body` with the bound port, then shuts the server
    /// down gracefully, also when `body` throws. For tests and in-process demos.
    ///
    /// ```swift
    /// try await ChatBackend().withRunningServer { port in
    ///     let url = "http://127.0.0.1:\(port)/models"
    /// }
    /// ```
    public func withRunningServer<Value: Sendable>(_ body: @Sendable (Int) async throws -> Value) async throws -> Value {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = makeApplication { port in portContinuation.yield(port) }
        let serviceGroup = ServiceGroup(configuration: .init(services: [application], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Ending the stream lets the wait below return if the server never starts (e.g. port in use).
                defer { portContinuation.finish() }
                try await serviceGroup.run()
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                try await group.waitForAll()
                throw ChatBackendError.notStarted
            }
            do {
                let value = try await body(port)
                await serviceGroup.triggerGracefulShutdown()
                try await group.waitForAll()
                return value
            } catch {
                await serviceGroup.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
        }
    }
}

/// Why a ``ChatBackend`` could not serve.
public enum ChatBackendError: Error, CustomStringConvertible {
    /// The server stopped before it bound its address.
    case notStarted

    /// A sentence for logs and the CLI.
    public var description: String {
        switch self {
        case .notStarted: "The sample backend stopped before it started listening; check that the host and port are free."
        }
    }
}
