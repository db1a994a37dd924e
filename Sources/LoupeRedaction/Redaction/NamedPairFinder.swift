/// Finds values that a name labels from a distance, where `NAME=value` rules cannot see the two
/// together: the two string arguments of a setter (`os.Setenv("API_TOKEN", "…")`,
/// `define('DB_PASSWORD', '…')`, `props.setProperty("api.key", "…")`), an index assignment
/// (`ENV['API_TOKEN'] = '…'`), a sibling name/value pair (`{"name":"API_TOKEN","value":"…"}`
/// in a log line, `- name: API_TOKEN` above `value: …` in a pod spec, `<add key="ApiToken"
/// value="…"/>`), a Terraform variable's `default` and a two-column Markdown table row
/// (`` | `API_TOKEN` | `…` | ``).
///
/// The finder does not judge: ``PatternEngine`` scans each value found as if it were written
/// `NAME="value"`, so the same rules decide as for an assignment (a password is any word, an API
/// key needs entropy, a `${VAR}` reference is kept, a passport number needs its name).
struct NamedPairFinder: Sendable {
    /// A value and the name that labels it, as byte ranges of the scanned text.
    struct Pair {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// One syntax: its pattern (group 1 the name, group 2 the value) and bytes of which every
    /// match has one, so a text without any of them is not searched.
    private struct Form: Sendable {
        var regex: PCRE2Regex
        var requiredBytes: [UInt8]

        /// Whether a text with these bytes may hold a match.
        func mayMatch(present: ByteSet) -> Bool { requiredBytes.contains(where: present.contains) }
    }

    private static let name = #"([A-Za-z_][A-Za-z0-9_.\-]{0,63}+)"#
    private static let quotedName = #"(?|"\#(name)"|'\#(name)')"#
    /// A quoted value on one line (escapes allowed), up to 512 bytes.
    private static let quotedValue = #"(?|"((?:[^"\\\r\n]|\\.){1,512}+)"|'((?:[^'\\\r\n]|\\.){1,512}+)')"#

    /// A value after white space: quoted (escapes allowed), or one word up to a comment or an
    /// operator, up to 512 bytes.
    private static let spacedValue = #"(?|"((?:[^"\\\r\n]|\\.){1,512}+)"|'([^'\r\n]{1,512}+)'|([^\s"'#;|&]{1,512}+))"#

    private let forms: [Form]

    /// The finder of the built-in syntaxes.
    static let shared = NamedPairFinder()

    private init() {
        let name = Self.name, quotedName = Self.quotedName, quotedValue = Self.quotedValue, spacedValue = Self.spacedValue
        let pairNames = JSONStreamRedactor.pairNameKeys.sorted().joined(separator: "|")
        let pairValues = JSONStreamRedactor.pairValueKeys.sorted().joined(separator: "|")
        let sources: [(pattern: String, bytes: String)] = [
            // ENV['NAME'] = 'value', os.environ["NAME"] = "value", $_ENV['NAME'] = '…'
            (#"\[[ \t]*+\#(quotedName)[ \t]*+\][ \t]*+=(?![=~])[ \t]*+\#(quotedValue)"#, "]"),
            // setenv("NAME", "value"), define('NAME', '…'), setProperty, setItem, put, add…:
            // exactly two string arguments to a function whose name says it stores a value
            // (`required("password", "confirmation")` is not a value of a password).
            (#"(?<=set|Set|put|Put|env|Env|define|Property|Item|Header|Variable|default|Secret|Value|add|Add)\([ \t]*+\#(quotedName)[ \t]*+,[ \t]*+\#(quotedValue)[ \t]*+\)"#, "("),
            // {"name": "NAME", "value": "value"} (also "key", "variable", "field" …, "val", "data"
            // …, as JSONStreamRedactor's pair keys) in text, also pretty-printed (a HAR file's
            // headers: the value on the line after the name).
            (#""(?i:\#(pairNames))"[ \t]*+:[ \t]*+"\#(name)"[ \t]*+,\s{0,80}+"(?i:\#(pairValues))"[ \t]*+:[ \t]*+"((?:[^"\\\r\n]|\\.){1,512}+)""#, ","),
            // <add key="NAME" value="value"/>, <Parameter Name="NAME" Value="value"/>
            (#"(?<![A-Za-z0-9_:-])(?:key|name|Key|Name)[ \t]*+=[ \t]*+\#(quotedName)[ \t]++(?:value|Value)[ \t]*+=[ \t]*+(?|"([^"<\r\n]{1,512}+)"|'([^'<\r\n]{1,512}+)')"#, "="),
            // - name: NAME
            //   value: value
            (#"(?<![A-Za-z0-9_-])name:[ \t]++(?|"\#(name)"|'\#(name)'|\#(name))[ \t]*+\r?\n[ \t]*+value:[ \t]++(?|"((?:[^"\\\r\n]|\\.){1,512}+)"|'([^'\r\n]{1,512}+)'|([^\s"'#|>&*!%@`{\[][^\r\n#]{0,511}?))[ \t]*+(?=\r?\n|#|$)"#, "\n"),
            // variable "NAME" { … default = "value" … }
            (#"(?<![A-Za-z0-9_])variable[ \t]++"\#(name)"[ \t]*+\{[^{}]{0,300}?(?<![A-Za-z0-9_])default[ \t]*+=[ \t]*+"((?:[^"\\\r\n]|\\.){1,512}+)""#, "{"),
            // | `NAME` | `value` |
            (#"\|[ \t]*+`\#(name)`[ \t]*+\|[ \t]*+`([^`\r\n]{1,512}+)`[ \t]*+\|"#, "`"),
            // setenv NAME value (csh, launchctl), set -x NAME value and set -gx (fish)
            (#"(?:setenv|set[ \t]++-[gxUlu]{1,4}+)[ \t]++\#(name)[ \t]++\#(spacedValue)"#, " "),
            // npm/yarn/pnpm/pip/git config [set] KEY value, the key maybe scoped to a registry
            // (`npm config set //registry.npmjs.org/:_password …`)
            (#"config[ \t]++(?:set[ \t]++)?+(?:--(?:global|location[= ][^\s]++)[ \t]++)?+(?:[^\s:]*+:)?+\#(name)[ \t]++\#(spacedValue)"#, " "),
            // NAME,value at the start of a CSV, TSV or semicolon-separated row (a key/value
            // export): the value must hold a digit or a symbol, so a header row such as
            // `password,email,created` is not read as a password "email".
            (#"(?m)^\#(name)[ \t]*+[,;\t|][ \t]*+(?|"((?=[^"\r\n]*?[^A-Za-z"\r\n ])(?:[^"\r\n]|""){1,512}+)"|((?=[^,;\t|"\r\n]*?[^A-Za-z,;\t|"\r\n ])[^,;\t|"\r\n]{1,512}+))[ \t]*+(?=[,;\t|]|\r?\n|$)"#, ",;\t|"),
        ]
        forms = sources.map { source, bytes in
            do {
                return Form(regex: try PCRE2Regex(source), requiredBytes: Array(bytes.utf8))
            } catch {
                preconditionFailure("a named-pair pattern does not compile: \(error)")  // fixed text, a defect
            }
        }
    }

    /// The pairs in `text`, in no particular order. `present` (the bytes of `text`, or ``ByteSet/all``
    /// when unknown) skips the syntaxes the text cannot hold.
    func pairs(in text: UnsafeRawBufferPointer, present: ByteSet) -> [Pair] {
        var pairs: [Pair] = []
        for form in forms where form.mayMatch(present: present) {
            // A resource limit only loses pairs: the assignment rules still ran over the text.
            try? form.regex.forEachMatch(in: text) { match in
                if let name = match.range(ofGroup: 1), let value = match.range(ofGroup: 2) {
                    pairs.append(Pair(name: name, value: value))
                }
                return true
            }
        }
        return pairs
    }

    /// `NAME="value"` as the rules read it: the quote is one the value does not hold (none when
    /// it holds both), and a line break ends it. Returns the text and where the value starts.
    static func assignment(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> (text: [UInt8], valueStart: Int) {
        let quote: [UInt8]
        if !value.contains(UInt8(ascii: "\"")) {
            quote = [UInt8(ascii: "\"")]
        } else if !value.contains(UInt8(ascii: "'")) {
            quote = [UInt8(ascii: "'")]
        } else {
            quote = []
        }
        var text = Array(name)
        text.append(UInt8(ascii: "="))
        text += quote
        let start = text.count
        text.append(contentsOf: value)
        text += quote
        text.append(UInt8(ascii: "\n"))
        return (text, start)
    }
}
