import LoupeCore

/// One pattern rule: what to look for in any string of an event, how to confirm it, and how to
/// replace it. Rules come from TOML files (see `rules/README.md`).
public struct RedactionRule: Sendable, Identifiable {
    /// The kind of secret a rule finds; used for reports and filtering.
    public enum Category: String, Sendable, CaseIterable, Codable {
        case token, credential, pii, financial
    }

    /// A check that a candidate match really is a secret, to keep look-alikes intact.
    public enum Validation: Sendable, Hashable {
        case none
        /// The digits pass the Luhn checksum (payment cards).
        case luhn
        /// ISO 13616 mod-97 check (IBANs).
        case iban
        /// Three base64url segments whose first two decode to JSON objects.
        case jwt
        /// Shannon entropy in bits per character of at least the given value.
        case entropy(minimum: Double)
    }

    /// How a secret is replaced.
    public enum ReplacementStyle: String, Sendable, CaseIterable, Codable {
        /// `[REDACTED:rule-id]`
        case label
        /// `****1234`: asterisks and the last four characters.
        case mask
        /// `[rule-id:5f2a9c1e]`: a keyed HMAC-SHA256 prefix, equal for equal secrets in one log.
        case hash
    }

    /// Where a rule was defined, for error messages and `loupe rules list`.
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
        public var description: String { "\(file):\(line)" }
    }

    public var id: String
    public var description: String
    public var category: Category
    /// The pattern's source text, as written in the rule file.
    public var pattern: String
    /// The compiled pattern (UTF, UCP, MATCH_INVALID_UTF; JIT when available).
    public var regex: PCRE2Regex
    /// The capture group holding the secret; 0 replaces the whole match.
    public var secretGroup: Int
    /// Lower-cased strings of which at least one must occur (case-insensitively) in a text for the
    /// rule to run on it; empty means always run.
    public var keywords: [String]
    public var validation: Validation
    public var replacement: ReplacementStyle
    /// Texts that must come out with no trace of the secret.
    public var examples: [String]
    /// Texts that must come out unchanged.
    public var counterexamples: [String]
    public var origin: Origin
    /// The pattern as the embedded default rule files define it, for a rule loaded from them
    /// (nil otherwise). Facts known about a built-in pattern (``CandidateRuns``) apply only while
    /// ``pattern`` still equals it.
    var builtInPattern: String?

    public init(id: String, description: String, category: Category, pattern: String, regex: PCRE2Regex,
                secretGroup: Int = 0, keywords: [String] = [], validation: Validation = .none,
                replacement: ReplacementStyle = .label, examples: [String] = [], counterexamples: [String] = [],
                origin: Origin) {
        self.id = id
        self.description = description
        self.category = category
        self.pattern = pattern
        self.regex = regex
        self.secretGroup = secretGroup
        self.keywords = keywords
        self.validation = validation
        self.replacement = replacement
        self.examples = examples
        self.counterexamples = counterexamples
        self.origin = origin
    }
}
