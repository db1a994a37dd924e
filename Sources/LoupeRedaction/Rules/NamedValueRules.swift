/// Pattern rules made from the structural name lists, so the values of those names are removed
/// from plain text as well: `{"card_number": "4022…", "cvc": "123"}` in a text log,
/// `otp=123456` in a curl command, `\"ssn\":\"…\"` inside a logged JSON string.
///
/// Structural redaction of an event knows where a JSON key or a form field is; in text only the
/// syntax says so. One rule per distinct last word (`…_number`, `…_id`, `cvc`) starts at
/// that word, which PCRE2's JIT scans for directly, and a look-behind checks the whole name;
/// the rule's keywords are each name's longest word, so it only runs on a text that mentions
/// one of its names. A name matches as the structural lists compare names: case-insensitively
/// and with `_`, `-`, `.` or nothing between its words (`card_number`, `cardNumber`,
/// `Card-Number`), but never as part of a longer name (`next_card_number`, `user.ssn`).
///
/// The value is a quoted string (also JSON-escaped, `\"…\"`), or a bare word up to a delimiter.
/// Unlike structural redaction of a parsed body, a value that is evidently not a secret is kept:
/// a placeholder (`${X}`, `<password>`, `{{ x }}`, `%X%`, `***`, `xxxx`, `changeme`,
/// `your-api-key`), `null`/`true`/`false`/`none`/`undefined`, or a code expression
/// (`getPin()`, `config["pin"]`, `user.ssn`, `process.env.OTP`); a bare value does not start
/// with `/` or `~` either (a path).
enum NamedValueRules {
    /// Names left to their own rules in text. The assignment rules (password-assignment,
    /// secret-, token- and key-assignment) already read every name containing these words, with
    /// checks a bare structural match lacks: a value that is code, a type annotation, a label or
    /// prose is kept (`password: string`, `token = getToken();`, `Password: must contain …`).
    static let wordsLeftToAssignmentRules = ["pass", "pwd", "secret", "token", "key", "credential"]

    /// Further names left to their own rules in text: an `Authorization` or cookie value has a
    /// syntax of its own (bearer-token, basic-auth and session-cookie keep the scheme and cookie
    /// names), and short generic names (`code`, `auth`, `session`, `sig`, `pan`, …) name
    /// ordinary values in logs far more often than secrets (`"code": "invalid_grant"`); the
    /// session, signature and card rules find the secret ones by their shape.
    static let namesLeftToOtherRules: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "set_cookie",
        "code", "auth", "session", "sid", "sig", "signature", "ticket", "assertion", "hmac", "pan",
        // A database URL or connection string is mostly not secret (`postgres://username:password@
        // localhost/db` fills every example); url-password and the connection-string rules
        // remove the password inside it, and keep the rest readable.
        "database_url", "connection_string", "dsn",
    ]

    /// Whether `spelling` (lower-case) gets a named-value rule.
    static func readsInText(_ spelling: String) -> Bool {
        !namesLeftToOtherRules.contains(spelling) && !wordsLeftToAssignmentRules.contains { spelling.contains($0) }
    }

    /// The id of the rule for names ending in `word`: `name-token`, `name-cvc`.
    static func ruleID(lastWord word: String) -> String { "name-\(word)" }

    /// One rule per last word of the names in `structural`'s lists, in a stable order.
    static func rules(for structural: StructuralRules) -> [RedactionRule] {
        var groups: [String: [[String]]] = [:]
        for spelling in structural.spellings where readsInText(spelling) {
            let words = spelling.split(whereSeparator: { "_-. ".contains($0) }).map(String.init)
            guard let last = words.last, words.count <= 4,
                  words.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isLowerAlphanumeric) })
            else { continue }
            groups[last, default: []].append(words)
        }
        return groups.keys.sorted().map { word in
            let names = groups[word]!.sorted { $0.joined(separator: "_") < $1.joined(separator: "_") }
            return rule(lastWord: word, names: names)
        }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Bytes that may not stand right before a name: a name is a whole identifier.
    private static let identifierBefore = #"(?<![A-Za-z0-9_.\-])"#

    /// The value forms, with the secret as group 1 in each (branch reset).
    private static let value: String = {
        let placeholder = #"[$<{%\[*]|&lt;|(?i:x{4,}|changeme|your[_-]|example|redacted|dummy)"#
        let nullish = #"(?i:null|nil|none|true|false|undefined)(?![A-Za-z0-9_])"#
        let code = #"[A-Za-z_$][A-Za-z0-9_$]*+(?:[(\[]|\.[A-Za-z_$])"#
        return #"(?|"(?!"# + placeholder + #")((?:[^"\\\r\n]++|\\.){1,64}+)""#
            + #"|\\"(?!"# + placeholder + #")([^"\\\r\n]{1,512}+)\\""#
            + #"|'(?!"# + placeholder + #")([^'\\\r\n]{1,512}+)'"#
            + #"|(?!"# + placeholder + "|" + nullish + "|" + code + #"|[/~])([^\s"'&,;<>{}\[\]()\\]{1,512}+))"#
    }()

    private static func rule(lastWord word: String, names: [[String]]) -> RedactionRule {
        // Every spelling of every name, each a fixed-length alternative (PCRE2 look-behinds
        // before 10.43 take no variable-length branch).
        var spellings: [String] = []
        for words in names {
            spellings.append("(?i:" + words.joined() + ")")
            if words.count > 1 { spellings.append("(?i:" + words.joined(separator: #"[_.\-]"#) + ")") }
        }
        let lead = word.map { character in
            character.isLetter ? "[\(character)\(character.uppercased())]" : String(character)
        }.joined()
        let name = "(?<=" + spellings.map { identifierBefore + $0 }.joined(separator: "|") + ")"
        // A name right after an opening quote must be followed by the closing quote: in
        // `label: "Password:", next: "x"` the colon is inside a string, not a separator.
        let unquotedKey = "(?<!" + spellings.map { #"["']"# + $0 }.joined(separator: "|") + ")"
        let pattern = lead + name + #"(?![A-Za-z0-9_])(?:\\?["']|"# + unquotedKey + #")[ \t]*+(?:=>|:=|[:=])[ \t]*+"#
            + value
        let regex: PCRE2Regex
        do {
            regex = try PCRE2Regex(pattern)
        } catch {
            // The names are checked to be lower-case words, so this is a defect of the pattern text.
            preconditionFailure("the named-value rule for \(word) does not compile: \(error)")
        }
        let keywords = Set(names.map { words in words.max { $0.count < $1.count } ?? word })
        let example = names[0].joined(separator: "_")
        let camel = names[0].enumerated().map { $0.offset == 0 ? $0.element : $0.element.capitalized }.joined()
        return RedactionRule(
            id: ruleID(lastWord: word),
            description: "Value of a structural name ending in \(word) (\(names.map { $0.joined(separator: "_") }.joined(separator: ", "))) in a key=value, key: value or JSON pair inside text",
            category: category(of: word), pattern: pattern, regex: regex, secretGroup: 1,
            keywords: keywords.sorted(), replacement: .label,
            examples: [
                #"INFO payload={"\#(example)": "Zx8pQ2vL9mN4", "region": "eu-west-1"}"#,
                "GET /v1/verify?\(example)=Zx8pQ2vL9mN4&page=2",
                #"log: "{\"\#(camel)\":\"Zx8pQ2vL9mN4\"}""#,
                "\(example): 0471 1234",
            ],
            counterexamples: [
                #"{"\#(example)": null, "\#(example)_count": 3}"#,
                "\(example)=${\(example.uppercased())} next_\(example)=Zx8pQ2vL9mN4",
                #"label: "\#(camel):", hint: "see the docs""#,
                "\(example) = config.get(\"\(example)\")",
            ],
            origin: RedactionRule.Origin(file: "rules/structural.toml", line: 1))
    }

    /// The category a name's values belong to, by its last word.
    private static func category(of word: String) -> RedactionRule.Category {
        switch word {
        case "cvv", "cvv2", "cvc", "cvc2", "iban", "number": .financial
        case "ssn", "id", "pin": .pii
        default: .credential
        }
    }
}
