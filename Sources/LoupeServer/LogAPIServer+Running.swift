#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NIOCore
import ServiceLifecycle

extension LogAPIServer {
    /// A log API started with ``LogAPIServer/start()``: the port it listens on, and a graceful stop.
    public struct Running: Sendable {
        /// The bound port (the real one when the configuration asked for port 0).
        public let port: Int
        /// `http://host:port`, what `loupe console --attach` and `loupe export --from` take
        /// (with ``accessToken``).
        public let baseURL: String
        /// The token requests must carry, or nil when the server takes requests without one.
        public let accessToken: String?
        let group: ServiceGroup
        let task: Task<Void, any Error>

        /// The web inspector's address, with the access token when there is one: what to open in
        /// a browser (or hand to `loupe console --attach`).
        public var inspectorURL: String {
            guard let accessToken else { return baseURL + "/" }
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&+=#")
            return baseURL + "/?token=" + (accessToken.addingPercentEncoding(withAllowedCharacters: allowed) ?? accessToken)
        }

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
            let port = try await boundPort()
            return Running(port: port, baseURL: configuration.baseURL(port: port),
                           accessToken: configuration.accessToken, group: group, task: task)
        } catch {
            guard case .failure(let failure) = await task.result else { throw error }
            if let failure = failure as? IOError, failure.errnoCode == EADDRINUSE {
                throw LogAPIServerError.portInUse(host: configuration.host, port: configuration.port)
            }
            throw failure
        }
    }
}
