import Dispatch
import Foundation
import LoupeCore
import Synchronization

/// An ``EventSink`` fed from the exporting thread and written on a queue of its own, so encoding
/// runs on another core while the exporting thread verifies the next events. Events travel in
/// batches (one dispatch per ``batchSize`` events) and at most ``batchesInFlight`` batches wait,
/// so memory stays bounded; a write error is reported by the next ``write(_:)`` or by ``finish()``.
final class BackgroundEventSink: @unchecked Sendable {
    static let batchSize = 64
    static let batchesInFlight = 8

    // `sink` is used only on `queue` once the initializer returns; `pending` only by the caller.
    private let sink: EventSink
    private let queue = DispatchQueue(label: "loupe.export.sink")
    private let slots = DispatchSemaphore(value: BackgroundEventSink.batchesInFlight)
    private let failure = Mutex<ExportError?>(nil)
    private var pending: [NetworkEvent] = []
    /// The file being written.
    let url: URL

    init(_ sink: EventSink) {
        self.sink = sink
        url = sink.url
        pending.reserveCapacity(Self.batchSize)
    }

    /// Queues `event`; throws the error an earlier write met.
    func write(_ event: NetworkEvent) throws(ExportError) {
        if let error = failure.withLock({ $0 }) { throw error }
        pending.append(event)
        if pending.count == Self.batchSize { dispatchPending() }
    }

    /// Waits for the queued events, then writes the tail and closes the file.
    func finish() throws(ExportError) {
        dispatchPending()
        let error = queue.sync { () -> ExportError? in
            if let error = failure.withLock({ $0 }) { return error }
            do throws(ExportError) {
                try sink.finish()
                return nil
            } catch {
                return error
            }
        }
        if let error { throw error }
    }

    private func dispatchPending() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure.withLock({ $0 == nil }) else { return }
            do throws(ExportError) {
                for event in batch { try sink.write(event) }
            } catch {
                failure.withLock { $0 = error }
            }
        }
    }
}
