import Foundation
import TOMLKit

/// Parses rule files strictly: TOML syntax, the set of allowed keys, value types, rule ids,
/// categories, validations, replacement styles and patterns are all checked, and the first
/// problem is thrown as a ``RuleFileError`` pointing at its line.
///
/// ```toml
/// [[rule]]
/// id = "aws-access-key-id"
/// category = "token"
/// pattern = '''\b((?:AKIA|ASIA)[A-Z2-7]{16})\b'''
/// secret_group = 1
///
/// [structural]
/// headers = ["x-api-key"]
///
/// [fragments]
/// separator = '''[ \t]*[:=][ \t]*'''   # a later pattern may write {{separator}}
/// ```
public enum RuleFileLoader {
    /// The keys a `[[rule]]` table may have, in the order the schema documents them.
    public static let ruleKeys = [
        "id", "description", "category", "pattern", "secret_group", "keywords", "validate", "replace",
        "examples", "counterexamples",
    ]
    /// The keys a `[structural]` table may have.
    public static let structuralKeys = ["headers", "cookies", "query", "json_keys", "form_fields"]
    /// The top-level keys of a rule file.
    public static let topLevelKeys = ["rule", "structural", "fragments"]

    /// Reads and parses the file at `url`; `displayPath` (default: the URL's path) names it in
    /// origins and errors.
    public static func load(contentsOf url: URL, displayPath: String? = nil) throws(RuleFileError) -> RuleFile {
        let path = displayPath ?? url.path
        return try parse(readText(of: url, displayPath: path), path: path)
    }

    /// Parses the TOML text of one rule file named `path`, compiling every pattern.
    ///
    /// A pattern may write `{{name}}` for a piece of pattern defined in a `[fragments]` table,
    /// of this file or of one in `fragments` (those of the files loaded before it): the piece is
    /// written out in its place before the pattern is compiled, so hundreds of rules can share
    /// one separator expression instead of each carrying a copy. A fragment does not use others.
    public static func parse(_ contents: String, path: String, fragments inherited: [String: String] = [:])
        throws(RuleFileError) -> RuleFile
    {
        let document = Document(text: contents, path: path)
        // TOMLKit hands the text to C as a NUL-terminated string, so a NUL would silently cut
        // the document short instead of being reported.
        // Searched in place: a String's UTF-8 view walked byte by byte cost 2 ms of every start.
        var text = contents
        if let offset = text.withUTF8({ $0.firstIndex(of: 0) }) {
            let line = contents.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw document.error(line: line, "the file contains a NUL byte")
        }
        if let line = text.withUTF8(lineOfNonASCIITableName) {
            throw document.error(line: line, "a table name must begin with an ASCII letter, digit, '_', '-' or a quote")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: contents)
        } catch let error as TOMLParseError {
            throw RuleFileError(path: path, line: error.source.begin.line, column: error.source.begin.column,
                                reason: "invalid TOML: \(error.description)")
        } catch {
            throw document.error(line: nil, "invalid TOML: \(error)")
        }

        for key in table.keys.sorted() where !topLevelKeys.contains(key) {
            throw document.error(line: document.locator.line(ofTopLevelName: key),
                                 "unknown top-level key \(quoted(key)); expected [[rule]] tables, an optional [structural] table and an optional [fragments] table")
        }

        var fragments: [String: String] = [:]
        if let value = table["fragments"] {
            fragments = try parseFragments(value, in: document)
        }
        let available = inherited.merging(fragments) { _, own in own }

        var rules: [RedactionRule] = []
        if let value = table["rule"] {
            guard let array = value.array else {
                throw document.error(line: document.locator.line(ofTopLevelName: "rule"),
                                     "\"rule\" must be an array of tables: write each rule as a [[rule]] table")
            }
            var firstLineByID: [String: Int] = [:]
            for index in 0..<array.count {
                let rule = try parseRule(array[index], index: index, in: document, fragments: available)
                if let first = firstLineByID[rule.id] {
                    throw document.error(line: rule.origin.line,
                                         "duplicate rule id \(quoted(rule.id)) (first defined at line \(first))")
                }
                firstLineByID[rule.id] = rule.origin.line
                rules.append(rule)
            }
        }

        var structural = StructuralRules()
        if let value = table["structural"] {
            structural = try parseStructural(value, in: document)
        }
        return RuleFile(path: path, rules: rules, structural: structural, fragments: fragments)
    }

    /// The line of the first table header whose name begins with a non-ASCII byte (`[é]`,
    /// `[[ é ]]`): invalid TOML, which toml++ inside TOMLKit does not report but asserts on,
    /// stopping a debug build (found by the rule-file fuzzer). A line of a multi-line string that
    /// looks so is refused too.
    static func lineOfNonASCIITableName(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var line = 1
        var atLineStart = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                atLineStart = true
            } else if atLineStart, byte == UInt8(ascii: "[") {
                var next = index + 1
                while next < bytes.count, [UInt8(ascii: "["), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[next]) {
                    next += 1
                }
                if next < bytes.count, bytes[next] >= 0x80 { return line }
                atLineStart = false
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                atLineStart = false
            }
            index += 1
        }
        return nil
    }

    /// Whether `id` is lower-kebab-case: `[a-z0-9]+(-[a-z0-9]+)*`.
    public static func isValidRuleID(_ id: String) -> Bool {
        guard !id.isEmpty else { return false }
        var previousWasDash = true  // a leading dash is as wrong as a doubled one
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousWasDash = false
            case UInt8(ascii: "-") where !previousWasDash:
                previousWasDash = true
            default:
                return false
            }
        }
        return !previousWasDash
    }

    // MARK: Reading

    /// The file's bytes, or an error naming the file.
    static func readData(of url: URL, displayPath: String) throws(RuleFileError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw RuleFileError(path: displayPath, reason: "cannot read the rule file: \(error.localizedDescription)")
        }
    }

    static func readText(of url: URL, displayPath: String) throws(RuleFileError) -> String {
        try decodeUTF8(readData(of: url, displayPath: displayPath), path: displayPath)
    }

    static func decodeUTF8(_ data: Data, path: String) throws(RuleFileError) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw RuleFileError(path: path, reason: "the rule file is not valid UTF-8")
        }
        return text
    }

    // MARK: Fragments

    /// The `[fragments]` table: lower-kebab-case names, each a non-empty piece of pattern.
    private static func parseFragments(_ value: any TOMLValueConvertible, in document: Document)
        throws(RuleFileError) -> [String: String]
    {
        let tableLine = document.locator.line(ofTable: "fragments")
        guard let table = value.table else {
            throw document.error(line: document.locator.line(ofTopLevelName: "fragments"),
                                 "\"fragments\" must be a table: write [fragments] and then name = '''pattern''' lines")
        }
        var fragments: [String: String] = [:]
        for name in table.keys.sorted() {
            let line = document.locator.line(ofKey: name, inTableAt: tableLine) ?? tableLine
            guard isValidRuleID(name) else {
                throw document.error(line: line, "fragment name \(quoted(name)) must be lower-kebab-case (a-z, 0-9 and single dashes, e.g. \"value-separator\")")
            }
            guard let text = table[name]?.string, !text.isEmpty else {
                throw document.error(line: line, "fragment \(quoted(name)) must be a non-empty string (a piece of pattern, best written '''…''')")
            }
            fragments[name] = text
        }
        return fragments
    }

    /// `pattern` with each `{{name}}` replaced by the fragment of that name.
    private static func expandingFragments(in pattern: String, _ fragments: [String: String], context: RuleContext)
        throws(RuleFileError) -> String
    {
        guard pattern.contains("{{") else { return pattern }
        var result = ""
        var rest = pattern[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}"), isValidRuleID(String(afterOpen[..<close.lowerBound])) else {
                // Not a reference (`{{` of a literal brace pair): kept as written.
                result += "{{"
                rest = afterOpen
                continue
            }
            let name = String(afterOpen[..<close.lowerBound])
            guard let fragment = fragments[name] else {
                let known = fragments.isEmpty ? "no fragments are defined" : "defined: \(fragments.keys.sorted().joined(separator: ", "))"
                throw context.error(key: "pattern", "\(context.name) uses {{\(name)}}, which no [fragments] table of this or an earlier rule file defines (\(known)); write \\{\\{ for literal braces")
            }
            result += fragment
            rest = afterOpen[close.upperBound...]
        }
        return result + rest
    }

    // MARK: Rules

    private static func parseRule(_ value: any TOMLValueConvertible, index: Int, in document: Document,
                                  fragments: [String: String]) throws(RuleFileError) -> RedactionRule
    {
        let headerLine = document.locator.line(ofTableArray: "rule", index: index)
        var context = RuleContext(document: document, index: index, headerLine: headerLine, id: nil)
        guard let table = value.table else {
            throw context.error(key: nil, "rule #\(index + 1) must be a table, not \(describe(value.type))")
        }

        let unknown = table.keys.filter { !ruleKeys.contains($0) }
            .sorted { (context.line(of: $0) ?? .max, $0) < (context.line(of: $1) ?? .max, $1) }
        if let key = unknown.first {
            throw context.error(key: key, "unknown key \(quoted(key)) in [[rule]]; expected one of \(ruleKeys.joined(separator: ", "))")
        }
        guard table["id"] != nil else {
            throw context.error(key: nil, "\(context.name) has no \"id\"; every rule needs id, category and pattern")
        }
        let id = try context.string("id", in: table)
        guard isValidRuleID(id) else {
            throw context.error(key: "id", "rule id \(quoted(id)) must be lower-kebab-case (a-z, 0-9 and single dashes, e.g. \"aws-access-key-id\")")
        }
        context.id = id
        for key in ["category", "pattern"] where table[key] == nil {
            throw context.error(key: nil, "\(context.name) has no \(quoted(key)); every rule needs id, category and pattern")
        }

        let categoryName = try context.string("category", in: table)
        guard let category = RedactionRule.Category(rawValue: categoryName) else {
            throw context.error(key: "category", "unknown category \(quoted(categoryName)) for \(context.name); expected one of \(RedactionRule.Category.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        let written = try context.string("pattern", in: table)
        guard !written.isEmpty else {
            throw context.error(key: "pattern", "empty pattern for \(context.name)")
        }
        let pattern = try expandingFragments(in: written, fragments, context: context)
        let regex: PCRE2Regex
        do {
            regex = try PCRE2Regex(pattern)
        } catch {
            throw context.error(key: "pattern", "bad pattern for \(context.name): \(error) (PCRE2)")
        }

        var secretGroup = 0
        if table["secret_group"] != nil {
            secretGroup = try context.integer("secret_group", in: table)
            guard (0...regex.captureGroupCount).contains(secretGroup) else {
                let groups = regex.captureGroupCount == 1 ? "1 capture group" : "\(regex.captureGroupCount) capture groups"
                throw context.error(key: "secret_group", "secret_group \(secretGroup) of \(context.name) is out of range: the pattern has \(groups) (0 means the whole match)")
            }
        }

        let keywords = try context.strings("keywords", in: table).map { $0.lowercased() }
        if keywords.contains(where: \.isEmpty) {
            throw context.error(key: "keywords", "\(context.name) has an empty keyword, which would let every text through the prefilter")
        }

        var validation = RedactionRule.Validation.none
        if table["validate"] != nil {
            let text = try context.string("validate", in: table)
            guard let parsed = RedactionRule.Validation(parsing: text) else {
                throw context.error(key: "validate", "unknown validate value \(quoted(text)) for \(context.name); expected none, luhn, iban, jwt or entropy>=N (bits per character, e.g. entropy>=3.5)")
            }
            validation = parsed
        }

        var replacement = RedactionRule.ReplacementStyle.label
        if table["replace"] != nil {
            let text = try context.string("replace", in: table)
            guard let parsed = RedactionRule.ReplacementStyle(rawValue: text) else {
                throw context.error(key: "replace", "unknown replace value \(quoted(text)) for \(context.name); expected one of \(RedactionRule.ReplacementStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            replacement = parsed
        }

        let description = table["description"] == nil ? "" : try context.string("description", in: table)
        return RedactionRule(
            id: id, description: description, category: category, pattern: pattern, regex: regex,
            secretGroup: secretGroup, keywords: keywords, validation: validation, replacement: replacement,
            examples: try context.strings("examples", in: table),
            counterexamples: try context.strings("counterexamples", in: table),
            origin: RedactionRule.Origin(file: document.path, line: context.tableLine))
    }

    // MARK: Structural

    private static func parseStructural(_ value: any TOMLValueConvertible, in document: Document)
        throws(RuleFileError) -> StructuralRules
    {
        let headerLine = document.locator.line(ofTable: "structural")
        guard let table = value.table else {
            throw document.error(line: document.locator.line(ofTopLevelName: "structural"),
                                 "\"structural\" must be a table: write it as [structural]")
        }
        func lineOf(_ key: String) -> Int? {
            headerLine.flatMap { document.locator.line(ofKey: key, inTableAt: $0) } ?? headerLine
        }
        for key in table.keys.sorted() where !structuralKeys.contains(key) {
            throw document.error(line: lineOf(key), "unknown key \(quoted(key)) in [structural]; expected one of \(structuralKeys.joined(separator: ", "))")
        }
        func names(_ key: String) throws(RuleFileError) -> Set<String> {
            guard let value = table[key] else { return [] }
            guard let array = value.array else {
                throw document.error(line: lineOf(key), "\(quoted(key)) in [structural] must be an array of strings, not \(describe(value.type))")
            }
            var names: Set<String> = []
            for element in array {
                guard let name = element.string, !name.isEmpty else {
                    throw document.error(line: lineOf(key), "\(quoted(key)) in [structural] must hold only non-empty strings")
                }
                names.insert(name)
            }
            return names
        }
        return StructuralRules(
            headerNames: try names("headers"), cookieNames: try names("cookies"), queryParameters: try names("query"),
            jsonKeys: try names("json_keys"), formFields: try names("form_fields"))
    }

    // MARK: Helpers

    /// The text of a file with its line index, so errors can point at lines.
    struct Document {
        let path: String
        let locator: TOMLLineLocator

        init(text: String, path: String) {
            self.path = path
            locator = TOMLLineLocator(text: text)
        }

        func error(line: Int?, _ reason: String) -> RuleFileError {
            RuleFileError(path: path, line: line, reason: reason)
        }
    }

    /// One `[[rule]]` table being parsed: knows its lines and its id once read.
    struct RuleContext {
        let document: Document
        let index: Int
        let headerLine: Int?
        var id: String?

        /// The table's own line, or the top-level `rule = …` line for an inline array, or line 1.
        var tableLine: Int { headerLine ?? document.locator.line(ofTopLevelName: "rule") ?? 1 }

        /// How messages name the rule: by id once known, else by position.
        var name: String { id.map { "rule \(quoted($0))" } ?? "rule #\(index + 1)" }

        func line(of key: String) -> Int? {
            headerLine.flatMap { document.locator.line(ofKey: key, inTableAt: $0) }
        }

        func error(key: String?, _ reason: String) -> RuleFileError {
            document.error(line: key.flatMap(line(of:)) ?? tableLine, reason)
        }

        func string(_ key: String, in table: TOMLTable) throws(RuleFileError) -> String {
            guard let value = table[key] else { return "" }
            guard let string = value.string else { throw typeError(key, expected: "a string", found: value.type) }
            return string
        }

        func integer(_ key: String, in table: TOMLTable) throws(RuleFileError) -> Int {
            guard let value = table[key] else { return 0 }
            guard let integer = value.int else { throw typeError(key, expected: "an integer", found: value.type) }
            return integer
        }

        /// An optional array of strings; absent means empty.
        func strings(_ key: String, in table: TOMLTable) throws(RuleFileError) -> [String] {
            guard let value = table[key] else { return [] }
            guard let array = value.array else { throw typeError(key, expected: "an array of strings", found: value.type) }
            var strings: [String] = []
            for element in array {
                guard let string = element.string else {
                    throw typeError(key, expected: "an array of strings", found: element.type, element: true)
                }
                strings.append(string)
            }
            return strings
        }

        private func typeError(_ key: String, expected: String, found: TOMLType, element: Bool = false) -> RuleFileError {
            let what = element ? "has an element that is \(describe(found))" : "is \(describe(found))"
            return error(key: key, "\(quoted(key)) of \(name) must be \(expected), but \(what)")
        }
    }

    /// A key or id in double quotes, as TOML would write it.
    static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// "a string", "an integer", "an array", … for messages.
    static func describe(_ type: TOMLType) -> String {
        let name = type.description
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }
}
