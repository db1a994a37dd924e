import ChatAPI

/// The models `GET /models` lists; the first is the default of new conversations.
enum ModelCatalog {
    static let all: [Model] = [
        Model(id: "loupe-mini", name: "Loupe Mini", contextWindow: 16_384),
        Model(id: "loupe-pro", name: "Loupe Pro", contextWindow: 128_000),
        Model(id: "loupe-reasoner", name: "Loupe Reasoner", contextWindow: 200_000),
    ]

    static func name(of id: String) -> String {
        all.first { $0.id == id }?.name ?? id
    }
}
