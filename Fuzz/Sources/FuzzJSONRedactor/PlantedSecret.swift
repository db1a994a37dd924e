import LoupeRedaction

/// A built-in rule's example and the secret in it: the part the redactor replaces when the
/// example stands alone on a line (what is left after the text common to the example and its
/// redaction is cut from both ends).
struct PlantedSecret {
    var example: String
    var secret: String

    /// One per rule example whose redaction takes out at least 8 bytes, so a secret is not a word
    /// the fuzzer could write by chance.
    static func all(redactor: Redactor) -> [PlantedSecret] {
        redactor.ruleSet.rules.flatMap(\.examples).compactMap { example in
            var counts: [String: Int] = [:]
            let redacted = Array(redactor.redactText("\n" + example + "\n", counts: &counts).utf8.dropFirst().dropLast())
            let original = Array(example.utf8)
            var prefix = 0
            while prefix < min(original.count, redacted.count), original[prefix] == redacted[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(original.count, redacted.count) - prefix,
                  original[original.count - 1 - suffix] == redacted[redacted.count - 1 - suffix] { suffix += 1 }
            let secret = original[prefix..<(original.count - suffix)]
            guard secret.count >= 8 else { return nil }
            return PlantedSecret(example: example, secret: String(decoding: secret, as: UTF8.self))
        }
    }
}
