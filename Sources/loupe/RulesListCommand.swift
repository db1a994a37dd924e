import ArgumentParser
import Foundation
import LoupeRedaction

/// `loupe rules list`: the rules in effect, where each comes from, and the structural names.
struct RulesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the redaction rules in effect and where each is defined.",
        discussion: """
            One row per pattern rule, in the order rules run: id, category, replacement style, \
            validation, prefilter keywords and origin (file:line). The last lines name the rule \
            set (recorded in exports) and count the structural names: headers, cookies, query \
            parameters, JSON keys and form fields whose values are always redacted.

            EXAMPLES:
              loupe rules list
              loupe rules list --rules ./my-rules --json
            """
    )

    @OptionGroup var ruleOptions: RuleOptions

    @Flag(help: "Print the rule set as one JSON object (rules with their patterns, structural names).")
    var json = false

    func run() throws {
        let ruleSet = try ruleOptions.loadRuleSet()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(RuleSetListing(ruleSet))
            print(String(decoding: data, as: UTF8.self))
        } else {
            printTable(ruleSet)
        }
    }

    private func printTable(_ ruleSet: RuleSet) {
        let color = Terminal.colorEnabled()
        let header = ["ID", "CATEGORY", "REPLACE", "VALIDATE", "KEYWORDS", "ORIGIN"]
        let rows = ruleSet.rules.map { rule in
            [rule.id, rule.category.rawValue, rule.replacement.rawValue, rule.validation.description,
             Self.abbreviated(rule.keywords.joined(separator: ","), to: 32), rule.origin.description]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                // The last column is not padded, so lines carry no trailing spaces.
                index == cells.count - 1 ? pair.0 : pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(Terminal.paint(line(header), .bold, enabled: color))
        for row in rows { print(line(row)) }

        let structural = ruleSet.structural
        let rules = ruleSet.rules.count == 1 ? "1 rule" : "\(ruleSet.rules.count) rules"
        print("")
        print("rule set \(Terminal.paint(ruleSet.id, .cyan, enabled: color)): \(rules)")
        print("structural names: \(structural.headerNames.count) headers, \(structural.cookieNames.count) cookies, "
            + "\(structural.queryParameters.count) query parameters, \(structural.jsonKeys.count) JSON keys, "
            + "\(structural.formFields.count) form fields")
    }

    /// Cuts a long cell to `limit` characters with an ellipsis; `--json` has the full value.
    private static func abbreviated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// The `--json` shape of `loupe rules list`.
private struct RuleSetListing: Encodable {
    struct Rule: Encodable {
        var id, description, category, pattern, validate, replace, origin: String
        var secretGroup: Int
        var keywords: [String]
        var examples, counterexamples: Int
    }

    struct Structural: Encodable {
        var headers, cookies, query, jsonKeys, formFields: [String]
    }

    var id: String
    var sha256: String
    var rules: [Rule]
    var structural: Structural

    init(_ ruleSet: RuleSet) {
        id = ruleSet.id
        sha256 = ruleSet.sha256
        rules = ruleSet.rules.map { rule in
            Rule(id: rule.id, description: rule.description, category: rule.category.rawValue, pattern: rule.pattern,
                 validate: rule.validation.description, replace: rule.replacement.rawValue,
                 origin: rule.origin.description, secretGroup: rule.secretGroup, keywords: rule.keywords,
                 examples: rule.examples.count, counterexamples: rule.counterexamples.count)
        }
        let structural = ruleSet.structural
        self.structural = Structural(
            headers: structural.headerNames.sorted(), cookies: structural.cookieNames.sorted(),
            query: structural.queryParameters.sorted(), jsonKeys: structural.jsonKeys.sorted(),
            formFields: structural.formFields.sorted())
    }
}
