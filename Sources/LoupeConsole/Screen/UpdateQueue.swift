import Foundation

/// Hands source updates from the async world to the console's drawing thread, which polls it
/// between key presses.
///
/// `@unchecked Sendable` because every access to `pending` goes through `lock`; a lock (not an
/// actor) because the drawing thread is a plain thread that must not wait on the async pool.
final class UpdateQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [SourceUpdate] = []
    private var finished = false

    func push(_ update: SourceUpdate) {
        lock.withLock { pending.append(update) }
    }

    /// Marks that the source sent everything it will.
    func finish() {
        lock.withLock { finished = true }
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

    var hasPending: Bool {
        lock.withLock { !pending.isEmpty }
    }
}
