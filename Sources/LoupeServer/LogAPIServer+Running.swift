#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import ServiceLifecycle

extension LogAPIServer {
    /// A log API started with ``LogAPIServer/start()``: the port it listens on, and a graceful stop.
    public struct Running: Sendable {
        /// The bound port (the real one when the configuration asked for port 0).
        public let port: Int
        let group: ServiceGroup
        let task: Task<Void, any Error>

        /// Stops accepting, lets open responses end, and returns once the server has stopped.
        public func shutdown() async {
            await group.triggerGracefulShutdown()
            _ = await task.result
        }
    }

    /// Serves the log API in its own service group (so it can stop gracefully) and returns once it
    /// listens. For a server that runs until the process ends, add it to your `ServiceGroup`
    /// instead: it is a `Service`.
    ///
    /// - Throws: why the server stopped before listening: ``LogAPIServerError`` for a non-loopback
    ///   host without ``Configuration/allowRemote`` or a port already in use, or the bind error.
    public func start() async throws -> Running {
        let group = ServiceGroup(configuration: .init(services: [self], logger: configuration.logger))
        let task = Task { try await group.run() }
        do {
            return Running(port: try await boundPort(), group: group, task: task)
        } catch {
            guard case .failure(let failure) = await task.result else { throw error }
            if let failure = failure as? IOError, failure.errnoCode == EADDRINUSE {
                throw LogAPIServerError.portInUse(host: configuration.host, port: configuration.port)
            }
            throw failure
        }
    }
}
