import Foundation
@testable import LoupeRedaction
import RedactionCorpus
import Testing

/// The default rules against the labelled corpus of issue 13 (tuning set only: the held-out set
/// is measured by `loupe-bench --only recall`, never by a test someone could tune against), and
/// the corpus evaluator's own rules for what counts as a leak.
@Suite struct RedactionCorpusTests {
    /// Issue 13's targets: share of planted secrets removed, per category.
    static let minimumRecall = 0.99
    /// Issue 13's targets: share of benign look-alikes left byte for byte unchanged, per category.
    static let minimumBenignSurvival = 0.995

    @Test func theBuiltInRulesMeetTheTargetsOnTheTuningSet() async {
        let report = await offTheCooperativePool {
            CorpusEvaluator(redactor: Redactor(ruleSet: .builtIn)).evaluate(CorpusGenerator().samples(for: .tuning))
        }
        let failures = report.failures.prefix(20).map { "  " + $0.summary(limit: 200) }.joined(separator: "\n")
        for category in RedactionRule.Category.allCases {
            let score = report.scores[category] ?? CategoryScore()
            #expect(score.recall >= Self.minimumRecall,
                    "\(category.rawValue): recall \(score.secretsRemoved)/\(score.secretsPlanted); first failures:\n\(failures)")
            #expect(score.benignSurvival >= Self.minimumBenignSurvival,
                    "\(category.rawValue): benign kept \(score.benignKept)/\(score.benignSamples); first failures:\n\(failures)")
        }
    }

    @Test func theCorpusIsLargeDeterministicAndLabelledConsistently() {
        let generator = CorpusGenerator()
        let tuning = generator.samples(for: .tuning)
        #expect(tuning == generator.samples(for: .tuning))
        #expect(CorpusGenerator.providerCredentialCount >= 150)
        for set in CorpusSet.allCases {
            let samples = set == .tuning ? tuning : generator.samples(for: set)
            #expect((4_000...16_000).contains(samples.count), "\(set): \(samples.count) samples")
            let benign = samples.filter { $0.kind == .benign }.count
            #expect(Double(benign) / Double(samples.count) > 0.15, "\(set): \(benign) benign of \(samples.count)")
            for category in RedactionRule.Category.allCases {
                #expect(samples.contains { $0.category == category && $0.kind == .secret }, "\(set): no \(category) secret")
                #expect(samples.contains { $0.category == category && $0.kind == .benign }, "\(set): no \(category) look-alike")
            }
            for sample in samples {
                #expect(sample.set == set)
                if sample.kind == .secret {
                    #expect(!sample.secrets.isEmpty, "\(sample.provider): no secret in \(sample.text)")
                    for secret in sample.secrets {
                        #expect(sample.text.contains(secret), "\(sample.provider): \(secret) not in \(sample.text)")
                    }
                } else {
                    #expect(sample.secrets.isEmpty)
                }
            }
        }
    }

    @Test func theTwoSetsShareNoText() {
        let generator = CorpusGenerator()
        let tuning = Set(generator.samples(for: .tuning).map(\.text))
        let heldOut = Set(generator.samples(for: .heldOut).map(\.text))
        #expect(tuning.isDisjoint(with: heldOut))
    }

    // MARK: The evaluator

    /// A rule set that removes nothing, so the evaluator's verdicts can be checked by hand.
    static let nothing = CorpusEvaluator(redactor: Redactor(ruleSet: RuleSet(rules: [], structural: StructuralRules(), sha256: "none", id: "none")))

    static func secretSample(_ text: String, _ secrets: [String], category: RedactionRule.Category = .token) -> LabelledSample {
        LabelledSample(set: .tuning, kind: .secret, category: category, provider: "test", channel: .text, format: "log",
                       text: text, secrets: secrets)
    }

    @Test func aSecretLeftInPlaceIsALeak() {
        let sample = Self.secretSample("token ghp_abcdefghijklmnopqrstuvwxyz0123456789 used", ["ghp_abcdefghijklmnopqrstuvwxyz0123456789"])
        let report = Self.nothing.evaluate([sample])
        #expect(report.scores[.token]?.secretsPlanted == 1)
        #expect(report.scores[.token]?.secretsRemoved == 0)
        #expect(report.failures.map(\.leaked) == [["ghp_abcdefghijklmnopqrstuvwxyz0123456789"]])
    }

    @Test func aHalfRedactedSecretIsALeakAndAWhollyRedactedOneIsNot() {
        let secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
        let sample = Self.secretSample("token \(secret) used", [secret])
        #expect(CorpusEvaluator.isLeaked(secret, of: sample, in: "token ghp_abcdefghijklmnopqrs[REDACTED:github] used"))
        #expect(CorpusEvaluator.isLeaked(secret, of: sample, in: "token [REDACTED:github]tuvwxyz0123456789 used"))
        #expect(!CorpusEvaluator.isLeaked(secret, of: sample, in: "token [REDACTED:github-pat] used"))
        #expect(!CorpusEvaluator.isLeaked(secret, of: sample, in: "token ghp_[REDACTED] used"))
    }

    @Test func aMaskedCardIsNotALeak() {
        let pan = "4111111111111111"
        let sample = Self.secretSample("card \(pan) cvc 123", [pan], category: .financial)
        #expect(!CorpusEvaluator.isLeaked(pan, of: sample, in: "card ****1111 cvc 123"))
        #expect(CorpusEvaluator.isLeaked(pan, of: sample, in: "card 41111111****1111 cvc 123"))
    }

    @Test func aShortSecretLeaksOnlyWhereItWasPlanted() {
        let sample = Self.secretSample(#"{"amount":1234,"cvc":"123"}"#, ["123"], category: .financial)
        #expect(CorpusEvaluator.isLeaked("123", of: sample, in: #"{"amount":1234,"cvc":"123"}"#))
        #expect(!CorpusEvaluator.isLeaked("123", of: sample, in: #"{"amount":1234,"cvc":"[REDACTED:cvc]"}"#))
    }

    @Test func aPercentEncodedSecretIsFoundDecodedToo() {
        let sample = LabelledSample(set: .tuning, kind: .secret, category: .credential, provider: "test", channel: .url, format: "url",
                                    text: "https://h.example/?p=Summer%2B2024%21x", secrets: ["Summer%2B2024%21x"])
        #expect(CorpusEvaluator.isLeaked("Summer%2B2024%21x", of: sample, in: "https://h.example/?p=Summer+2024!x"))
    }

    @Test func aChangedBenignSampleIsCounted() {
        let benign = LabelledSample(set: .tuning, kind: .benign, category: .pii, provider: "test", channel: .text, format: "log",
                                    text: "mail ann@example.com", secrets: [])
        let kept = LabelledSample(set: .tuning, kind: .benign, category: .pii, provider: "test", channel: .text, format: "log",
                                  text: "build 2026.11.25", secrets: [])
        let evaluator = CorpusEvaluator(redactor: Redactor(ruleSet: .forTesting(#"""
            [[rule]]
            id = "email"
            category = "pii"
            pattern = '''[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+'''
            """#)))
        let report = evaluator.evaluate([benign, kept])
        #expect(report.scores[.pii]?.benignSamples == 2)
        #expect(report.scores[.pii]?.benignKept == 1)
        #expect(report.failures.map(\.sample) == [benign])
    }

    @Test func everyChannelIsReadBackFromWhereItWasPut() {
        let channels: [LabelledSample.Channel] = [.text, .header("X-Debug"), .json, .form, .url, .sse]
        for channel in channels {
            let text = channel == .json || channel == .sse ? #"{"note":"hello"}"# : channel == .url ? "https://api.example.com/x?a=1" : "a=hello"
            let sample = LabelledSample(set: .tuning, kind: .benign, category: .token, provider: "test", channel: channel, format: "x",
                                        text: text, secrets: [])
            #expect(Self.nothing.redacted(sample) == text, "\(channel)")
        }
    }
}
