import LoupeCore

/// The events of an in-process ``NetworkLogger`` (`loupe proxy --console`, the demo): its
/// snapshot, then its change feed. When the logger reports dropped notifications (the console
/// fell behind a burst), the source sends a fresh snapshot so the view is exact again; when its
/// source could not log events (``NetworkLogger/Stats/droppedEvents``), it reports how many.
public struct LoggerEventSource: EventSource {
    public let logger: NetworkLogger
    public let label: String
    /// How often to check whether notifications were dropped.
    public var resyncInterval: Duration

    /// A source following `logger`.
    public init(logger: NetworkLogger, label: String = "live", resyncInterval: Duration = .seconds(1)) {
        self.logger = logger
        self.label = label
        self.resyncInterval = resyncInterval
    }

    public func snapshot() async throws -> [NetworkEvent] {
        await logger.snapshot()
    }

    public func updates() -> AsyncStream<SourceUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: SourceUpdate.self)
        let logger = logger
        let interval = resyncInterval
        let task = Task {
            // Subscribe before taking the snapshot: a change in between arrives twice, which
            // applying idempotently absorbs, instead of not at all.
            let changes = await logger.changes()
            let droppedBefore = await logger.stats.droppedNotifications
            continuation.yield(.reset(await logger.snapshot(), evicted: await logger.stats.evictedEvents))
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in changes { continuation.yield(.change(change)) }
                }
                group.addTask {
                    var dropped = droppedBefore
                    var notLogged = 0
                    repeat {
                        let stats = await logger.stats
                        if stats.droppedEvents != notLogged {
                            notLogged = stats.droppedEvents
                            continuation.yield(.notLogged(notLogged))
                        }
                        guard stats.droppedNotifications != dropped else { continue }
                        dropped = stats.droppedNotifications
                        continuation.yield(.reset(await logger.snapshot(), evicted: stats.evictedEvents))
                    } while (try? await Task.sleep(for: interval)) != nil
                }
                await group.next()
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
