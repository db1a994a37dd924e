/// The mitmproxy filter operators Loupe accepts as aliases (`~m GET`, `~c 404`, `~e` …).
///
/// mitmproxy treats arguments as regular expressions; LoupeCore has no regex engine, so every
/// argument here is a case-insensitive substring instead.
enum MitmproxyOperator: String, CaseIterable, Sendable {
    case method = "m"
    case code = "c"
    case domain = "d"
    case url = "u"
    case header = "h"
    case requestHeader = "hq"
    case responseHeader = "hs"
    case body = "b"
    case requestBody = "bq"
    case responseBody = "bs"
    case error = "e"
    case response = "s"
    case requestWithoutResponse = "q"

    /// Whether the operator reads the next word as its argument.
    var takesArgument: Bool {
        switch self {
        case .error, .response, .requestWithoutResponse: false
        default: true
        }
    }

    /// What the argument is, for "expected … after ~x" messages.
    var argumentDescription: String {
        switch self {
        case .method: "a method"
        case .code: "a status code like 404"
        case .domain: "a domain"
        case .url: "URL text"
        case .header, .requestHeader, .responseHeader: "header text"
        case .body, .requestBody, .responseBody: "body text"
        case .error, .response, .requestWithoutResponse: "nothing"
        }
    }

    /// How the operator is written, e.g. `~hq`.
    var spelling: String { "~" + rawValue }

    /// `~m, ~c, … or ~q`, for the unknown-operator message.
    static let knownSpellings = FilterField.listing(allCases.map(\.spelling))
}
