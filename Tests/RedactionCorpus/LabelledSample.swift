import Foundation
import LoupeRedaction

/// One generated text with what a redactor must do to it: remove every planted secret
/// (``Kind-swift.enum/secret``) or leave it byte for byte unchanged (``Kind-swift.enum/benign``).
///
/// ```swift
/// let sample = CorpusGenerator().samples(for: .tuning)[0]
/// sample.secrets   // exact substrings of sample.text, as planted (percent-encoded in a URL …)
/// ```
public struct LabelledSample: Sendable, Hashable {
    /// Whether a sample carries secrets or is a look-alike that must survive.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case secret
        case benign
    }

    /// Where the text goes in an exchange, which decides how a redactor is run over it.
    public enum Channel: Sendable, Hashable, CustomStringConvertible {
        /// A text log or file: `Redactor.redactText`.
        case text
        /// The value of a request header with this name.
        case header(String)
        /// A request body of type `application/json`.
        case json
        /// A request body of type `application/x-www-form-urlencoded`.
        case form
        /// The request URL.
        case url
        /// The `data` of a server-sent event.
        case sse

        public var description: String {
            switch self {
            case .text: "text"
            case .header(let name): "header(\(name))"
            case .json: "json"
            case .form: "form"
            case .url: "url"
            case .sse: "sse"
            }
        }
    }

    public var set: CorpusSet
    public var kind: Kind
    public var category: RedactionRule.Category
    /// The provider or shape, such as `github`, `us-ssn` or `visa`.
    public var provider: String
    public var channel: Channel
    /// A free label for the syntax around the value: env, yaml, ini, toml, properties, xml,
    /// shell, log, curl, code, markdown, python …
    public var format: String
    public var text: String
    /// The planted secrets, each an exact substring of ``text`` in the encoding it has there;
    /// empty for a benign sample.
    public var secrets: [String]

    public init(set: CorpusSet, kind: Kind, category: RedactionRule.Category, provider: String,
                channel: Channel, format: String, text: String, secrets: [String]) {
        self.set = set
        self.kind = kind
        self.category = category
        self.provider = provider
        self.channel = channel
        self.format = format
        self.text = text
        self.secrets = secrets
    }
}
