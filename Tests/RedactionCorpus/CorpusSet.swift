import Foundation

/// The two disjoint halves of the corpus. Rules are tuned on ``tuning`` only; ``heldOut`` is
/// built from other context templates and other seeds and is only ever measured, never read
/// while writing rules.
public enum CorpusSet: String, Sendable, Hashable, CaseIterable, Codable {
    case tuning
    case heldOut = "held-out"
}
