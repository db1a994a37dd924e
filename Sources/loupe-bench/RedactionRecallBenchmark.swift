import Foundation
import LoupeRedaction
import RedactionCorpus

/// Redaction quality of the default rule set on the labelled corpus (Tests/RedactionCorpus):
/// per category, the share of planted secrets removed and the share of benign look-alikes left
/// unchanged, on the tuning set and on the held-out set. Only the held-out figures are judged:
/// the tuning set is the one rules are written against.
struct RedactionRecallBenchmark: Benchmark {
    let name = "recall"
    let summary = "default rules on the labelled redaction corpus: recall and benign survival per category"

    static let recallTarget = 0.99
    static let benignTarget = 0.995

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let ruleSet: RuleSet
        if let directory = options.rules {
            do {
                ruleSet = try RuleSet.load(directories: [directory], includeDefaults: false, environment: [:])
            } catch {
                throw BenchmarkError("cannot load the rules to evaluate: \(error)")
            }
        } else {
            ruleSet = .builtIn
        }
        let evaluator = CorpusEvaluator(redactor: Redactor(ruleSet: ruleSet))
        let generator = CorpusGenerator()
        var rows: [Measurement] = [
            Measurement(metric: "provider credential shapes", value: "\(CorpusGenerator.providerCredentialCount)"),
        ]
        // Rules under development are tuned on the tuning set and never measured on held-out.
        for set in CorpusSet.allCases where options.rules == nil || set == .tuning {
            let samples = generator.samples(for: set)
            let clock = ContinuousClock()
            let start = clock.now
            let report = evaluator.evaluate(samples)
            let elapsed = clock.now - start
            let judged = set == .heldOut
            rows.append(Measurement(metric: "\(set.rawValue) samples", value: Format.grouped(samples.count),
                                    target: "", verdict: nil))
            for category in RedactionRule.Category.allCases {
                let score = report.scores[category] ?? CategoryScore()
                let recall = Self.percent(score.recall) + " (\(score.secretsRemoved)/\(score.secretsPlanted))"
                let benign = Self.percent(score.benignSurvival) + " (\(score.benignKept)/\(score.benignSamples))"
                if judged {
                    rows.append(.judged("\(set.rawValue) \(category.rawValue) recall", recall, target: ">= 99 %",
                                        meets: score.recall >= Self.recallTarget))
                    rows.append(.judged("\(set.rawValue) \(category.rawValue) benign kept", benign, target: ">= 99.5 %",
                                        meets: score.benignSurvival >= Self.benignTarget))
                } else {
                    rows.append(Measurement(metric: "\(set.rawValue) \(category.rawValue) recall", value: recall, target: "(not judged)"))
                    rows.append(Measurement(metric: "\(set.rawValue) \(category.rawValue) benign kept", value: benign, target: "(not judged)"))
                }
            }
            rows.append(Measurement(metric: "\(set.rawValue) evaluation time", value: Format.seconds(elapsed)))
            // Only tuning failures are ever shown: held-out text must not guide rule writing.
            if set == .tuning, let limit = options.showMisses, limit > 0 {
                print("tuning failures: \(report.failures.count) (showing up to \(limit))")
                for failure in report.failures.prefix(limit) { print("  " + failure.summary(limit: 200)) }
            }
        }
        return rows
    }

    static func percent(_ value: Double) -> String { String(format: "%.2f %%", value * 100) }
}
