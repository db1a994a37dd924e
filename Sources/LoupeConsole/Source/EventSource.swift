import LoupeCore

/// Where the console's events come from: an in-process ``NetworkLogger``, a file, or a log API
/// it attaches to. A source first sends a ``SourceUpdate/reset(_:evicted:)`` with what it has,
/// then changes as they happen, and may send a reset again (after a reconnection, or when it
/// lost track).
///
/// ```swift
/// let source = LoggerEventSource(logger: logger)
/// for await update in source.updates() { model.apply(update) }
/// ```
public protocol EventSource: Sendable {
    /// Names the source in the status bar, e.g. `attach 127.0.0.1:9901`.
    var label: String { get }

    /// The events the source holds right now, oldest first: what a non-interactive run prints.
    func snapshot() async throws -> [NetworkEvent]

    /// A reset, then changes as they happen, until the consumer stops iterating.
    func updates() -> AsyncStream<SourceUpdate>
}
