import Foundation
import LoupeRedaction

/// The counts of one category: how many planted secrets were removed and how many benign
/// samples were kept unchanged.
public struct CategoryScore: Sendable, Hashable {
    public var secretsPlanted = 0
    public var secretsRemoved = 0
    public var benignSamples = 0
    public var benignKept = 0

    public init() {}

    /// Removed ÷ planted; 1 when nothing was planted.
    public var recall: Double { secretsPlanted == 0 ? 1 : Double(secretsRemoved) / Double(secretsPlanted) }
    /// Kept ÷ benign samples; 1 when there were none.
    public var benignSurvival: Double { benignSamples == 0 ? 1 : Double(benignKept) / Double(benignSamples) }
}

/// A sample the redactor got wrong: a secret sample with at least one leaked secret, or a
/// benign sample that changed.
public struct CorpusFailure: Sendable, Hashable {
    public var sample: LabelledSample
    /// The redacted text.
    public var output: String
    /// The planted secrets still (wholly or partly) in `output`; empty for a changed benign sample.
    public var leaked: [String]

    /// One line for a test message or the benchmark: provider, channel, category, kind, and the
    /// input text cut to `limit` characters with line breaks shown as `⏎`.
    public func summary(limit: Int = 200) -> String {
        let text = sample.text.replacingOccurrences(of: "\n", with: "⏎")
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        let what = sample.kind == .benign ? "benign changed" : "leaked \(leaked.count)/\(sample.secrets.count)"
        return "[\(sample.category.rawValue)] \(sample.provider) via \(sample.channel) (\(sample.format)), \(what): \(cut)"
    }
}

/// The result of evaluating a set of samples.
public struct CorpusReport: Sendable {
    public var scores: [RedactionRule.Category: CategoryScore] = [:]
    public var failures: [CorpusFailure] = []

    public init() {}
}
