import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Listens on loopback for an in-process test server and serves each accepted connection in its
/// own task, without tripping SwiftNIO's accept race (apple/swift-nio#3481).
///
/// A server bound with a child initializer that wraps each connection in a `NIOAsyncChannel` traps
/// ("Deinited NIOAsyncWriter without calling finish()") when it stops while a connection is being
/// accepted: the listener's stream has ended, drops the wrapped connection, and its writer is
/// released unfinished. Closing the listener first does not close that window, because the child
/// initializer runs on another event loop and hands the connection back after the listener closed.
///
/// So the listener hands out bare channels, with reading off, and a connection is wrapped only in
/// its own task, which always ends it with `executeThenClose`. A bare channel that the listener
/// drops has no writer to trap on; it is simply never served.
public final class AcceptLoop<Connection: Sendable>: Sendable {
    private let listener: any Channel
    private let loop: Task<Void, Never>
    private let handlers: NIOLockedValueBox<[Task<Void, Never>]>

    /// The port the server listens on.
    public var port: Int { listener.localAddress?.port ?? 0 }

    /// Listens on `127.0.0.1:port` (0 for any free port) and serves each connection with `handle`,
    /// which also gets the connection's index in the order they were accepted (0 for the first).
    ///
    /// - Parameter wrap: makes a connection of an accepted channel, on the channel's event loop:
    ///   adds its handlers and wraps it, typically in a `NIOAsyncChannel`.
    public static func start(
        port: Int = 0,
        wrap: @escaping @Sendable (any Channel) throws -> Connection,
        handle: @escaping @Sendable (_ connection: Connection, _ index: Int) async -> Void
    ) async throws -> AcceptLoop {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeSucceededFuture(channel)
            }
        return AcceptLoop(server, wrap: wrap, handle: handle)
    }

    private init(_ server: NIOAsyncChannel<any Channel, Never>,
                 wrap: @escaping @Sendable (any Channel) throws -> Connection,
                 handle: @escaping @Sendable (_ connection: Connection, _ index: Int) async -> Void) {
        let handlers = NIOLockedValueBox<[Task<Void, Never>]>([])
        listener = server.channel
        self.handlers = handlers
        loop = Task {
            try? await server.executeThenClose { inbound in
                var index = 0
                for try await channel in inbound {
                    let task = Task { [index] in
                        do {
                            let connection = try await channel.eventLoop.submit {
                                let connection = try wrap(channel)
                                try channel.syncOptions?.setOption(.autoRead, value: true)
                                return connection
                            }.get()
                            await handle(connection, index)
                        } catch {
                            try? await channel.close()
                        }
                    }
                    index += 1
                    handlers.withLockedValue { $0.append(task) }
                }
            }
        }
    }

    /// Closes the listening socket, cancels every connection handler and waits for all of them.
    public func stop() async {
        try? await listener.close()
        await loop.value
        let tasks = handlers.withLockedValue { $0 }  // complete: the loop has ended
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }
}
