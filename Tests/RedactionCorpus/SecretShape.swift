import Foundation
import LoupeRedaction

/// One provider credential as its provider documents it: how a value looks, the names people
/// store it under, and how it travels in a request.
///
/// ```swift
/// SecretShape("github-pat", names: ["GITHUB_TOKEN"]) { "ghp_" + $0.string(.alnum, 36) }
/// ```
struct SecretShape: Sendable {
    /// How the credential is sent in an HTTP header.
    struct Header: Sendable {
        var name: String
        /// Written before the value, such as `Bearer `; empty for none.
        var scheme: String

        static let bearer = Header(name: "Authorization", scheme: "Bearer ")
        static func named(_ name: String, scheme: String = "") -> Header { Header(name: name, scheme: scheme) }
    }

    /// `provider-credential`, such as `github-pat`; the corpus reports it as the sample's provider.
    var provider: String
    var category: RedactionRule.Category
    /// Environment / configuration names the credential is usually stored under (upper snake
    /// case; contexts derive `camelCase`, `kebab-case` … from them).
    var names: [String]
    var header: Header
    /// Whether the value is recognizable on its own (a documented prefix or structure): such
    /// values are also planted in prose and logs with no name beside them.
    var standalone: Bool
    /// How many values are planted through each context (shapes that stand for many variants,
    /// such as IBANs of many countries, get more).
    var weight: Int
    var value: @Sendable (inout SplitMix64) -> String

    init(_ provider: String, _ category: RedactionRule.Category = .token, names: [String],
         header: Header = .bearer, standalone: Bool = true, weight: Int = 1,
         value: @escaping @Sendable (inout SplitMix64) -> String) {
        self.weight = weight
        self.provider = provider
        self.category = category
        self.names = names
        self.header = header
        self.standalone = standalone
        self.value = value
    }
}
