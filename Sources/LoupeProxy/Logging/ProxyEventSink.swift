import LoupeCore
import NIOConcurrencyHelpers

/// Hands the proxy's log commands from the event loops to the ``NetworkLogger`` without making
/// forwarding wait: commands are queued under a lock and a single task applies them in order,
/// as many at a time as have piled up.
final class ProxyEventSink: Sendable {
    private let queue = NIOLockedValueBox(Queue())
    private let wakeUp: AsyncStream<Void>.Continuation
    private let consumer: Task<Void, Never>

    private struct Queue {
        var commands: [ProxyLogCommand] = []
        /// Set while the consumer is applying a batch, so producers need not wake it.
        var consumerBusy = false
        /// Exchanges and tunnels the proxy began: each one is logged, filtered out or dropped.
        var forwardedExchanges = 0
        /// New exchanges not logged because the logger fell too far behind.
        var droppedExchanges = 0
        /// Drops not yet passed to the logger's ``NetworkLogger/Stats/droppedEvents``.
        var unreportedDrops = 0
    }

    /// Beyond this many queued commands new exchanges are not logged (they are still proxied), so
    /// a logger slower than the traffic cannot make the queue grow without bound. Updates of
    /// exchanges already queued are kept; an update whose record was dropped is a late update.
    private let maxQueued: Int

    /// How long the consumer lets commands pile up before taking a batch. An exchange recorded and
    /// finished within one batch is redacted once instead of up to three times (record, response
    /// head, finish), which under load halves the proxy's CPU per request; the log lags by this much.
    static let batchWindow = Duration.milliseconds(20)

    /// Starts the consumer; `onFinished` gets the stored (redacted) form of every finished exchange.
    /// `maxQueued` is ``ProxyServer/Configuration/maxQueuedLogCommands``.
    init(logger: NetworkLogger, maxQueued: Int, onFinished: (@Sendable (NetworkEvent) -> Void)?) {
        self.maxQueued = maxQueued
        let (signals, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wakeUp = wakeUp
        let queue = self.queue
        consumer = Task {
            for await _ in signals {
                while true {
                    try? await Task.sleep(for: Self.batchWindow)
                    let (batch, drops) = queue.withLockedValue { queue -> ([ProxyLogCommand], Int) in
                        let batch = queue.commands
                        let drops = queue.unreportedDrops
                        queue.commands.removeAll(keepingCapacity: true)
                        queue.unreportedDrops = 0
                        queue.consumerBusy = !batch.isEmpty
                        return (batch, drops)
                    }
                    if drops > 0 { await logger.countDropped(drops) }
                    if batch.isEmpty { break }
                    let finished = await logger.ingest(batch, returnFinished: onFinished != nil)
                    if let onFinished { finished.forEach(onFinished) }
                }
            }
        }
    }

    /// Queues one command; never blocks beyond a short lock.
    ///
    /// - Returns: false when the command was dropped because the queue is full: a new exchange
    ///   (counted as dropped) or a WebSocket message (counted by its connection).
    @discardableResult
    func send(_ command: ProxyLogCommand) -> Bool {
        let maxQueued = self.maxQueued
        let (queued, needsWakeUp) = queue.withLockedValue { queue -> (Bool, Bool) in
            switch command {
            case .record:
                queue.forwardedExchanges += 1
                if queue.commands.count >= maxQueued {
                    // The queue is not empty, so the consumer is awake and reports the drop.
                    queue.droppedExchanges += 1
                    queue.unreportedDrops += 1
                    return (false, false)
                }
            case .webSocket:
                // A busy socket must not grow the queue without bound either.
                if queue.commands.count >= maxQueued { return (false, false) }
            default:
                break
            }
            queue.commands.append(command)
            return (true, !queue.consumerBusy && queue.commands.count == 1)
        }
        if needsWakeUp { wakeUp.yield() }
        return queued
    }

    /// Exchanges and tunnels begun, and those of them not logged because the logger could not
    /// keep up, read together so that one never includes an exchange the other has not seen yet.
    var counts: (forwarded: Int, dropped: Int) {
        queue.withLockedValue { ($0.forwardedExchanges, $0.droppedExchanges) }
    }

    /// Returns once everything queued before the call has been applied.
    func drain() async {
        while true {
            let idle = queue.withLockedValue { $0.commands.isEmpty && $0.unreportedDrops == 0 && !$0.consumerBusy }
            if idle { return }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Applies everything queued so far, then stops the consumer.
    func close() async {
        wakeUp.finish()
        await consumer.value
    }
}
