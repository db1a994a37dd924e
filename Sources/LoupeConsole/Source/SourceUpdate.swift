import LoupeCore

/// What an ``EventSource`` tells the console: a whole new set of events, one change, or a note
/// about its connection.
public enum SourceUpdate: Sendable, Hashable {
    /// Replace everything shown with these events (oldest first). `evicted`, when known, is how
    /// many events the source has evicted so far.
    case reset([NetworkEvent], evicted: Int?)
    /// One change, in the logger's own vocabulary.
    case change(NetworkLogger.Change)
    /// The id of the rule set the source's events were redacted with, for the status bar (an
    /// attached log API reports it in `/v1/stats`).
    case ruleSetID(String)
    /// How many events the source could not log so far because its logger fell behind the
    /// traffic (``NetworkLogger/Stats/droppedEvents``), for the status bar.
    case notLogged(Int)
    /// The source's connection state for the status bar; nil when it is live and well.
    case status(String?)
}
