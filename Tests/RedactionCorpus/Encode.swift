import Foundation

/// How a value is written inside each syntax. The corpus records a secret in the form it has in
/// the text (percent-encoded in a URL, `&amp;` in XML …), because that is what must disappear.
enum Encode {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// RFC 3986 percent-encoding of everything but unreserved characters (a query value, a
    /// userinfo password).
    static func percent(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) { result.append(Character(UnicodeScalar(byte))) } else { result += String(format: "%%%02X", byte) }
        }
        return result
    }

    /// `application/x-www-form-urlencoded`: percent-encoding with spaces as `+`.
    static func form(_ value: String) -> String {
        percent(value).replacingOccurrences(of: "%20", with: "+")
    }

    /// Inside a JSON string.
    static func json(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    /// Inside an XML attribute or element.
    static func xml(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static let shellSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._/:+=,@%".utf8)

    /// A shell word: bare when it is safe, single-quoted otherwise (values never hold `'`).
    static func shell(_ value: String) -> String {
        value.utf8.allSatisfy { shellSafe.contains($0) } ? value : "'\(value)'"
    }

    private static let yamlPlainSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._/+=".utf8)

    /// A YAML scalar: plain when nothing in it means anything to YAML, double-quoted otherwise.
    static func yaml(_ value: String) -> String {
        let plain = value.utf8.allSatisfy { yamlPlainSafe.contains($0) } && !value.hasPrefix("-")
            && Double(value) == nil && Int(value) == nil
        return plain ? value : "\"\(json(value))\""
    }
}

/// The spellings of one configuration name in different syntaxes, from its upper snake form.
struct NameStyle {
    let words: [String]

    init(_ upperSnake: String) {
        words = upperSnake.lowercased().split(separator: "_").map(String.init)
    }

    var upperSnake: String { words.joined(separator: "_").uppercased() }
    var snake: String { words.joined(separator: "_") }
    var kebab: String { words.joined(separator: "-") }
    var dotted: String { words.joined(separator: ".") }
    var camel: String { words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.capitalized }.joined() }
    var pascal: String { words.map(\.capitalized).joined() }
    /// `X-Github-Token` style, for a custom header.
    var header: String { "X-" + words.map(\.capitalized).joined(separator: "-") }
}
