import Foundation
import LoupeRedaction
import Testing

@Suite struct SARIFWriterTests {
    let awsKey = LeakScannerTestRules.awsKey

    /// A report with one finding of each location kind and one unreadable input, from a real scan.
    func makeReport() -> ScanReport {
        let scanner = LeakScannerTestRules.scanner
        var report = ScanReport(ruleSetID: "test@00000000")
        for finding in scanner.scan(text: "line one\nkey=\(awsKey) and bob@example.com") {
            report.findings.append(.init(path: "logs/app log.txt", finding: finding))
        }
        let har = #"{"log": {"entries": [{"request": {"headers": [{"name": "Authorization", "value": "Bearer \#(LeakScannerTestRules.bearerToken)"}]}}]}}"#
        for finding in Array(har.utf8).withUnsafeBytes({ scanner.scan(bytes: $0, format: .json) }) {
            report.findings.append(.init(path: "export.zip!/traffic.har", finding: finding))
        }
        for finding in Array("{}\n{\"mail\": \"ann@example.com\"}\n".utf8).withUnsafeBytes({ scanner.scan(bytes: $0, format: .ndjson) }) {
            report.findings.append(.init(path: "/var/log/events.ndjson", finding: finding))
        }
        report.errors = [ScanError(path: "missing.log", reason: "no such file or directory")]
        report.filesScanned = 3
        report.filesSkipped = 1
        return report
    }

    func sarif() throws -> (text: String, root: [String: Any]) {
        let data = try SARIFWriter.data(for: makeReport(), ruleSet: LeakScannerTestRules.ruleSet, toolVersion: "9.9.9")
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (String(decoding: data, as: UTF8.self), root)
    }

    @Test func documentHasTheSARIF210Envelope() throws {
        let (_, root) = try sarif()
        #expect(root["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(root["version"] as? String == "2.1.0")
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "loupe")
        #expect(driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        for rule in rules {
            #expect(rule["id"] is String)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["properties"] as? [String: Any])?["category"] is String)
        }
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.starts(with: ["aws-key", "email", "bearer", "password-assignment", "pem-private-key"]))
        #expect(ids.contains(Finding.unscannableRuleID))
        #expect(Set(ids).count == ids.count)
    }

    @Test func everyResultHasARuleALevelAMessageAndALocation() throws {
        let (_, root) = try sarif()
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(result["level"] as? String == "error")
            let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(message.contains(ruleID))
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] is String)
        }
    }

    @Test func locationsUseRegionsForTextAndPointersForJSON() throws {
        let (_, root) = try sarif()
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        func location(_ index: Int) throws -> [String: Any] {
            try #require((results[index]["locations"] as? [[String: Any]])?.first)
        }
        let text = try location(0)
        let textPhysical = try #require(text["physicalLocation"] as? [String: Any])
        #expect((textPhysical["artifactLocation"] as? [String: Any])?["uri"] as? String == "logs/app%20log.txt")
        #expect((textPhysical["region"] as? [String: Any])?["startLine"] as? Int == 2)
        #expect((textPhysical["region"] as? [String: Any])?["startColumn"] as? Int == 5)

        let har = try location(2)
        let harPhysical = try #require(har["physicalLocation"] as? [String: Any])
        #expect((harPhysical["artifactLocation"] as? [String: Any])?["uri"] as? String == "export.zip!/traffic.har")
        #expect(harPhysical["region"] == nil)
        #expect((har["properties"] as? [String: Any])?["jsonPointer"] as? String == "/log/entries/0/request/headers/0/value")
        let logical = try #require(har["logicalLocations"] as? [[String: Any]])
        #expect(logical.first?["fullyQualifiedName"] as? String == "/log/entries/0/request/headers/0/value")

        let ndjson = try location(3)
        let ndjsonPhysical = try #require(ndjson["physicalLocation"] as? [String: Any])
        #expect((ndjsonPhysical["artifactLocation"] as? [String: Any])?["uri"] as? String == "file:///var/log/events.ndjson")
        #expect((ndjsonPhysical["region"] as? [String: Any])?["startLine"] as? Int == 2)
        #expect((ndjson["properties"] as? [String: Any])?["jsonPointer"] as? String == "/mail")
    }

    @Test func theDocumentNeverContainsASecret() throws {
        let (text, _) = try sarif()
        for secret in [awsKey, "bob@example.com", "ann@example.com", LeakScannerTestRules.bearerToken] {
            #expect(!text.contains(secret))
        }
        #expect(text.contains("AKIA…(20 chars)"))
    }

    @Test func unreadableInputsMarkTheRunUnsuccessful() throws {
        let (_, root) = try sarif()
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect((notes.first?["message"] as? [String: Any])?["text"] as? String == "missing.log: no such file or directory")
    }

    @Test func jsonReportFlattensEachFindingWithItsPath() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(makeReport())
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 4)
        #expect(findings[0]["path"] as? String == "logs/app log.txt")
        #expect(findings[0]["ruleId"] as? String == "aws-key")
        #expect(findings[0]["line"] as? Int == 2)
        #expect(findings[0]["column"] as? Int == 5)
        #expect(findings[2]["pointer"] as? String == "/log/entries/0/request/headers/0/value")
        #expect(findings[2]["line"] == nil)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 4)
        #expect(summary["filesWithFindings"] as? Int == 3)
        #expect(!String(decoding: data, as: UTF8.self).contains(awsKey))
    }

    @Test func textLinesAndSummaryReadAsDocumented() {
        let report = makeReport()
        #expect(report.findings[0].description == "logs/app log.txt:2:5: aws-key (token) AKIA…(20 chars)")
        #expect(report.findings[2].location == "export.zip!/traffic.har#/log/entries/0/request/headers/0/value")
        #expect(report.findings[3].location == "/var/log/events.ndjson:2#/mail")
        #expect(report.summary == "4 findings in 3 files (3 files scanned, 1 skipped)")
    }
}
