import NIOConcurrencyHelpers
import NIOCore

/// Serves the connections an in-process test server accepts, each in its own task, and stops the
/// server without tripping SwiftNIO's accept race (apple/swift-nio#3481).
///
/// Cancelling the task that iterates a server channel's connections drops the connections it has
/// accepted but not yet handed out, and their writers trap when they are released ("Deinited
/// NIOAsyncWriter without calling finish()"). ``stop()`` therefore never cancels that loop: it
/// closes the listening socket, lets the loop hand out every connection already accepted, and only
/// then cancels the connection handlers, which close their connections as they end.
public final class AcceptLoop<Connection: Sendable>: Sendable {
    private let listener: any Channel
    private let loop: Task<Void, Never>
    private let handlers: NIOLockedValueBox<[Task<Void, Never>]>

    /// Starts serving `server`'s connections, each with `handle`, which also gets the connection's
    /// index in the order they were accepted (0 for the first).
    public init(_ server: NIOAsyncChannel<Connection, Never>,
                handle: @escaping @Sendable (_ connection: Connection, _ index: Int) async -> Void) {
        let handlers = NIOLockedValueBox<[Task<Void, Never>]>([])
        listener = server.channel
        self.handlers = handlers
        loop = Task {
            try? await server.executeThenClose { inbound in
                var index = 0
                for try await connection in inbound {
                    let task = Task { [index] in await handle(connection, index) }
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
