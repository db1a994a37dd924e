import Foundation
import LoupeRedaction

/// Generates the labelled redaction corpus: secrets of every documented shape planted in
/// headers, JSON, forms, URLs, SSE data, logs, config files, command lines and code, and benign
/// look-alikes that must survive. Deterministic: the same seeds give the same samples.
///
/// The tuning and held-out sets share the secret shapes but use two disjoint lists of context
/// templates (and of benign templates) and different seeds, so rules tuned on one are measured
/// on syntaxes they were not written against.
///
/// ```swift
/// let tuning = CorpusGenerator().samples(for: .tuning)
/// let heldOut = CorpusGenerator().samples(for: .heldOut)   // measure only, never tune on it
/// ```
public struct CorpusGenerator: Sendable {
    /// The seed of the tuning set.
    public var tuningSeed: UInt64 = 0x7E57_C0DE_0013
    /// The seed of the held-out set.
    public var heldOutSeed: UInt64 = 0x5EA1_ED00_0013

    /// How many samples each benign template yields per set, by category: the same in both sets
    /// (a sixth of the tuning set, which has more contexts, and a third of the held-out set).
    static let benignRepeats: [RedactionRule.Category: Int] = [.token: 55, .credential: 50, .pii: 55, .financial: 60]

    public init() {}

    /// How far apart the shapes are that go through a context of `every` > 1: provider
    /// credentials (many) further, passwords and secrets (two shapes) closer, so a batch of
    /// contexts covers every category without swamping the benign share of the set.
    static func shapeStride(_ every: Int, _ category: RedactionRule.Category) -> Int {
        switch category {
        case .token: return every * 6
        case .credential: return max(1, every / 2)
        default: return every
        }
    }

    /// The number of distinct provider credential shapes (token category) the corpus covers.
    public static var providerCredentialCount: Int { Set(SecretShape.providers.map(\.provider)).count }

    /// Every sample of `set`, secrets first, then benign look-alikes.
    public func samples(for set: CorpusSet) -> [LabelledSample] {
        var random = SplitMix64(seed: set == .tuning ? tuningSeed : heldOutSeed)
        var samples: [LabelledSample] = []
        let keyed = set == .tuning ? KeyedContext.tuning : KeyedContext.heldOut
        let bare = set == .tuning ? KeyedContext.tuningBare : KeyedContext.heldOutBare

        func append(_ placement: Placement, kind: LabelledSample.Kind, category: RedactionRule.Category, provider: String) {
            samples.append(LabelledSample(set: set, kind: kind, category: category, provider: provider, channel: placement.channel,
                                          format: placement.format, text: placement.text, secrets: placement.secrets))
        }

        let shapes = SecretShape.providers + SecretShape.credentials + SecretShape.personal + SecretShape.financial
        for (index, shape) in shapes.enumerated() {
            for (contextIndex, context) in keyed.enumerated() {
                // Provider credentials are many: each goes through every other context (which
                // half rotates from one provider to the next), so every context still sees
                // half of the providers without the token category swamping the others.
                if shape.category == .token, (index + contextIndex) % 2 == 1 { continue }
                if context.every > 1, (index + contextIndex) % Self.shapeStride(context.every, shape.category) != 0 { continue }
                for _ in 0..<shape.weight {
                    let input = KeyedContext.Input(name: NameStyle(random.pick(shape.names)), value: shape.value(&random), header: shape.header)
                    append(context.render(input, &random), kind: .secret, category: shape.category, provider: shape.provider)
                }
            }
            guard shape.standalone else { continue }
            for (contextIndex, context) in bare.enumerated() {
                if context.every > 1, (index + contextIndex) % Self.shapeStride(context.every, shape.category) != 0 { continue }
                for _ in 0..<shape.weight {
                    append(context.render(shape.value(&random), &random), kind: .secret, category: shape.category, provider: shape.provider)
                }
            }
        }

        let structured = StructuredSecret.credentials + StructuredSecret.tokens + StructuredSecret.cards + StructuredSecret.labelledPhones
            + StructuredSecret.forms
        for secret in structured {
            for template in secret.templates(for: set) {
                for _ in 0..<secret.repeats {
                    append(template(&random), kind: .secret, category: secret.category, provider: secret.provider)
                }
            }
        }

        let benign = set == .tuning ? BenignTemplate.tuning : BenignTemplate.heldOut
        let perCategory = Dictionary(grouping: benign, by: \.category)
        for (category, templates) in perCategory.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // The same number of benign samples per category in both sets, whatever the number of templates.
            let total = Self.benignRepeats[category, default: 40] * 10
            for index in 0..<total {
                let template = templates[index % templates.count]
                append(template.render(&random), kind: .benign, category: category, provider: template.provider)
            }
        }
        return samples
    }
}
