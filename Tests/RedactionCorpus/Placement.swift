import Foundation

/// A generated text with where it goes and the secrets it carries, before it is labelled with
/// its set, category and provider.
struct Placement: Sendable {
    var channel: LabelledSample.Channel
    var format: String
    var text: String
    /// Exact substrings of `text`; empty for a benign text.
    var secrets: [String]

    init(_ channel: LabelledSample.Channel, _ format: String, _ text: String, secrets: [String] = []) {
        self.channel = channel
        self.format = format
        self.text = text
        self.secrets = secrets
    }
}

/// A syntax that stores a value under a name (`NAME=value`, `"name": "value"`, a header …):
/// every shape with names is planted through each of these.
struct KeyedContext: Sendable {
    /// What a template receives: the value, the name it is stored under, and the provider's header.
    struct Input {
        var name: NameStyle
        var value: String
        var header: SecretShape.Header
    }

    var id: String
    /// A shape goes through this context only when its index plus the context's index is a
    /// multiple of `every` (see ``CorpusGenerator``): a batch of many contexts spreads over the
    /// shapes instead of multiplying the corpus (and the share of benign samples stays
    /// meaningful). 1, every shape, unless ``sampling(every:)`` says otherwise.
    private(set) var every = 1
    var render: @Sendable (Input, inout SplitMix64) -> Placement

    init(_ id: String, render: @escaping @Sendable (Input, inout SplitMix64) -> Placement) {
        self.id = id
        self.render = render
    }

    /// This context, taking a share of the shapes (``every``).
    func sampling(every: Int) -> KeyedContext {
        var context = self
        context.every = every
        return context
    }
}

/// A text where a recognizable value appears alone, with no name beside it (prose, logs,
/// messages): only shapes marked `standalone` go through these.
struct BareContext: Sendable {
    var id: String
    /// As ``KeyedContext/every``.
    private(set) var every = 1
    var render: @Sendable (String, inout SplitMix64) -> Placement

    init(_ id: String, render: @escaping @Sendable (String, inout SplitMix64) -> Placement) {
        self.id = id
        self.render = render
    }

    /// This context, taking a share of the shapes (``every``).
    func sampling(every: Int) -> BareContext {
        var context = self
        context.every = every
        return context
    }
}
