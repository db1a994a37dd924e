/// A chat model the backend can answer with, as listed by `GET /models`.
public struct Model: Codable, Sendable, Hashable, Identifiable {
    /// Stable identifier used in ``Conversation/modelId``, e.g. `"loupe-small"`.
    public var id: String
    /// Human-readable name for pickers.
    public var name: String
    /// How many tokens of context the model accepts.
    public var contextWindow: Int

    /// Creates a model description.
    public init(id: String, name: String, contextWindow: Int) {
        self.id = id
        self.name = name
        self.contextWindow = contextWindow
    }
}
