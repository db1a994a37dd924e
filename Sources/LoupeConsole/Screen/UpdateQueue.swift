import Foundation

/// Hands source updates from the async world to the console's drawing thread, which polls it
/// between key presses.
///
/// `@unchecked Sendable` because every access to `pending` and `stopRequested` goes through `lock`; a lock (not an
/// actor) because the drawing thread is a plain thread that must not wait on the async pool.
final class UpdateQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [SourceUpdate] = []
    private var stopRequested = false

    func push(_ update: SourceUpdate) {
        lock.withLock { pending.append(update) }
    }

    /// Takes up to `limit` updates, oldest first, so one burst cannot keep keys waiting.
    func drain(limit: Int) -> [SourceUpdate] {
        lock.withLock {
            guard pending.count > limit else {
                defer { pending.removeAll(keepingCapacity: true) }
                return pending
            }
            let taken = Array(pending.prefix(limit))
            pending.removeFirst(limit)
            return taken
        }
    }

    /// Asks the console's loop to end at its next turn.
    func requestStop() {
        lock.withLock { stopRequested = true }
    }

    var shouldStop: Bool {
        lock.withLock { stopRequested }
    }

    var hasPending: Bool {
        lock.withLock { !pending.isEmpty }
    }
}
