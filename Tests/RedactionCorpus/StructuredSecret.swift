import Foundation
import LoupeRedaction

/// A secret with a syntax of its own (a connection string, a crypt hash in a shadow line, a
/// PEM block, a card with its CVC …): it brings its own templates, a list for each set.
struct StructuredSecret: Sendable {
    typealias Render = @Sendable (inout SplitMix64) -> Placement

    var provider: String
    var category: RedactionRule.Category
    var tuning: [Render]
    var heldOut: [Render]
    /// How many samples each template yields per set.
    var repeats: Int

    init(_ provider: String, _ category: RedactionRule.Category, repeats: Int = 2, tuning: [Render], heldOut: [Render]) {
        self.provider = provider
        self.category = category
        self.tuning = tuning
        self.heldOut = heldOut
        self.repeats = repeats
    }

    func templates(for set: CorpusSet) -> [Render] { set == .tuning ? tuning : heldOut }
}
