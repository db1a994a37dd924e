import Foundation
import Testing
@testable import LoupeRedaction

/// `loupe scan` and `loupe redact` apply one rule set: whatever redaction removes from a text,
/// the scanner reports (same rule ids), and redacted output scans clean.
@Suite struct ScanFindsWhatRedactRemovesTests {
    static let redactor = Redactor(ruleSet: .builtIn)
    static let scanner = LeakScanner(ruleSet: .builtIn)

    /// Every rule example, and each block of the traffic fixture.
    static let texts: [String] = {
        let fixture = RuleFileFixtures.repositoryRoot
            .appendingPathComponent("Tests/LoupeRedactionTests/Fixtures/traffic/secrets.txt")
        let traffic = (try? String(contentsOf: fixture, encoding: .utf8)) ?? ""
        return RuleSet.builtIn.rules.flatMap(\.examples) + traffic.components(separatedBy: "\n\n")
    }()

    @Test func theScannerReportsEveryRuleThatRedactionApplies() async {
        #expect(Self.texts.count > RuleSet.builtIn.rules.count)
        let failures = await offTheCooperativePool {
            var failures: [String] = []
            for text in Self.texts {
                var counts: [String: Int] = [:]
                guard Self.redactor.redactText(text, counts: &counts) != text else { continue }
                let found = Set(Self.scanner.scan(text: text).map(\.ruleID))
                // Redaction repeats its pass over its own output, which can reveal one more secret
                // a first pass could not see; every rule of the first pass is a finding.
                var firstPass: [String: Int] = [:]
                guard Self.redactor.rewriteOnce(text, counts: &firstPass) != nil else {
                    failures.append("no first-pass change in: \(text.prefix(200))")
                    continue
                }
                if !Set(firstPass.keys).isSubset(of: found) {
                    failures.append("redact applied \(firstPass.keys.sorted()) but scan found \(found.sorted()) in: \(text.prefix(200))")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func redactedOutputScansClean() async {
        let failures = await offTheCooperativePool {
            var failures: [String] = []
            for text in Self.texts {
                var counts: [String: Int] = [:]
                let redacted = Self.redactor.redactText(text, counts: &counts)
                let findings = Self.scanner.scan(text: redacted)
                if !findings.isEmpty { failures.append("\(findings.map(\.ruleID)) still found in: \(redacted.prefix(200))") }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

extension Redactor {
    /// One pattern pass over `text` (no repetition), as the scanner runs the rules.
    func rewriteOnce(_ text: String, counts: inout [String: Int]) -> [UInt8]? {
        var inserted: [Range<Int>] = []
        return Self.withBytes(of: text) { bytes in
            rewrite(bytes, options: ScanOptions(encoding: .plain, context: nil), inserted: &inserted, counts: &counts)
        }
    }
}
