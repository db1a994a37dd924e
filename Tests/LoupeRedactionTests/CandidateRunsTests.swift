import Foundation
import Testing
@testable import LoupeRedaction

/// The candidate-run prefilter for keyword-less rules (cards, IBANs, phones) and the byte-level
/// JWT check must find exactly what a plain scan and the Foundation-based check find.
@Suite struct CandidateRunsTests {
    static let rules = RuleSet.builtIn.rules
    static let filtered = PatternEngine(rules: rules)
    static let plain = PatternEngine(rules: rules, usesCandidateRuns: false)

    /// A small deterministic generator (SplitMix64), so a failure can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    /// Text rich in near-misses: digit groups with every separator the rules know, capitals,
    /// currency signs, key prefixes, placeholders and the rules' own examples spliced in.
    static func corpus(seed: UInt64, pieces: Int) -> String {
        var generator = Generator(state: seed)
        let examples = rules.flatMap { $0.examples + $0.counterexamples }
        let separators = [" ", "-", ".", "(", ")", "/", "+", ",", ":", "", "", "\n", " ", "€", "$", "#", "@", "%"]
        let words = ["GB82", "WEST", "DE89", "call", "tel:", "phone=", "IBAN", "EUR", "USD", "x", "ID", "A1", "[REDACTED:iban]",
                     "4111", "0049", "(0)", "+1", "+44", "1", "0", "07", "555", "\"card\":\"", "é", "_", "ab"]
        var text = ""
        for _ in 0..<pieces {
            switch generator.next() % 10 {
            case 0: text += generator.pick(examples)
            case 1, 2: text += generator.pick(words)
            case 3: text += generator.pick(separators)
            default:
                let length = Int(generator.next() % 6) + 1
                for _ in 0..<length { text += String(generator.next() % 10) }
                text += generator.pick(separators)
            }
        }
        return text
    }

    static func spans(_ engine: PatternEngine, _ text: String) -> [PatternEngine.Span]? {
        var text = text
        return text.withUTF8 { try? engine.spans(in: UnsafeRawBufferPointer($0)) }
    }

    @Test func everyKeywordlessBuiltInRuleHasARequirement() {
        // A changed built-in pattern silently loses the filter; this makes the change visible so
        // the requirement table in CandidateRuns is reviewed with it.
        // Discord tokens start with base64 of a user id, which no digit run or keyword finds;
        // their patterns start with a class at a fixed offset that PCRE2's JIT scans for, so they
        // run over every byte by design (about 8 ms per 64 MB each).
        let scannedInFull: Set<String> = ["discord-token-by-shape", "discord-token-by-shape-o"]
        let keywordless = Self.rules.filter { $0.keywords.isEmpty && !scannedInFull.contains($0.id) }.map(\.id)
        #expect(!keywordless.isEmpty)
        for id in keywordless {
            let rule = Self.rules.first { $0.id == id }
            #expect(rule.flatMap(CandidateRuns.requirement(for:)) != nil, "\(id) has no candidate-run requirement")
        }
    }

    @Test func aChangedPatternGetsNoRequirement() throws {
        var rule = try #require(Self.rules.first { $0.id == "payment-card" })
        rule.pattern += "|x"
        #expect(CandidateRuns.requirement(for: rule) == nil)
    }

    @Test func examplesAndCounterexamplesScanAlike() async {
        let differing = await offTheCooperativePool {
            var differing: [String] = []
            for rule in Self.rules {
                for text in rule.examples + rule.counterexamples
                where Self.spans(Self.filtered, text) != Self.spans(Self.plain, text) {
                    differing.append("\(rule.id): \(text)")
                }
            }
            let all = Self.rules.flatMap { $0.examples + $0.counterexamples }.joined(separator: " ")
            if Self.spans(Self.filtered, all) != Self.spans(Self.plain, all) { differing.append("all examples joined") }
            return differing
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }

    @Test func generatedTextsScanAlike() {
        for seed in 1...40 {
            let text = Self.corpus(seed: UInt64(seed), pieces: 400)
            let filtered = Self.spans(Self.filtered, text)
            #expect(filtered == Self.spans(Self.plain, text), "seed \(seed)")
        }
    }

    @Test func aLargeGeneratedTextScansAlike() throws {
        // Over 64 KB: the large-text path, where keyword rules run near their keywords.
        let text = Self.corpus(seed: 99, pieces: 40_000)
        #expect(text.utf8.count > PatternEngine.largeText)
        let filtered = try #require(Self.spans(Self.filtered, text))
        #expect(!filtered.isEmpty)
        #expect(filtered == Self.spans(Self.plain, text))
    }

    @Test func runsCoverDigitAndIBANShapes() {
        var text = "call 415-555-2671 or GB82 WEST 1234 5698 7654 32 now; 12 34"
        let runs = text.withUTF8 { CandidateRuns(in: UnsafeRawBufferPointer($0)) }
        #expect(runs.runs(meeting: .digits(minimum: 7)).count == 2)  // the phone and the IBAN's digits
        #expect(runs.runs(meeting: .digits(minimum: 12)).count == 1)
        #expect(runs.runs(meeting: .ibanShape).count == 1)
    }

    @Test func runsAreOfferedOnlyWithTheSeparatorsARuleNeeds() {
        var text = "call (415) 555-2671,4155552671,612 345 678"
        let runs = text.withUTF8 { CandidateRuns(in: UnsafeRawBufferPointer($0)) }
        #expect(runs.runs(meeting: .digits(minimum: 9)).count == 3)
        #expect(runs.runs(meeting: .digits(minimum: 8, containingOneOf: "(")) == [4..<19])
        #expect(runs.runs(meeting: .digits(minimum: 10, containingOneOf: "-.")) == [4..<19])
        #expect(runs.runs(meeting: .digits(minimum: 9, containingOneOf: " ")).count == 2)  // the spaced phones
        #expect(runs.runs(meeting: .digits(minimum: 11)).isEmpty)
    }

    @Test func theShortestMatchOfEachKeywordlessRuleSurvivesTheFilter() {
        // One match per rule with exactly the digits and separators its requirement asks for,
        // placed across the 64-byte chunk boundaries and at the text's end.
        let shortest = ["payment-card": "4222222222222", "phone-nanp": "415-555-2671", "phone-area-code": "(01) 234567",
                        "phone-national": "001 234567", "phone-mobile-it-es": "612 345 678"]
        for (id, number) in shortest {
            for padding in [0, 50, 55, 58, 60, 63, 64, 70] {
                for suffix in ["", " ok"] {
                    let text = String(repeating: "x", count: padding) + " " + number + suffix
                    let found = Self.spans(Self.filtered, text)
                    #expect(found == Self.spans(Self.plain, text), "\(id) \(padding)")
                    #expect(found?.map { Self.rules[$0.rule].id } == [id], "\(id) \(padding)")
                }
            }
        }
    }

    // MARK: JWT

    /// The previous, Foundation-based check, as the oracle for the byte-level one.
    static func foundationCheck(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return false }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")
        guard segments.allSatisfy({ $0.unicodeScalars.allSatisfy(allowed.contains) }) else { return false }
        func object(_ segment: Substring) -> [String: Any]? {
            var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 = base64.trimmingCharacters(in: CharacterSet(charactersIn: "="))
            guard !base64.isEmpty, base64.utf8.count % 4 != 1 else { return nil }
            if base64.utf8.count % 4 > 0 { base64 += String(repeating: "=", count: 4 - base64.utf8.count % 4) }
            guard let data = Data(base64Encoded: base64) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
        guard let header = object(segments[0]), object(segments[1]) != nil else { return false }
        return header["alg"] is String
    }

    static func base64URL(_ json: String) -> String {
        Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func jwtCheckAgreesWithFoundation() {
        let jsons = [#"{"alg":"HS256"}"#, #"{"alg":1}"#, #" { "typ" : "JWT" , "alg" : "none" } "#, #"{"alg":"x","alg":2}"#,
                     #"{"a":[1,2.5e3,-0.1,true,false,null,{"b":"\u00e9\n"}],"alg":"RS256"}"#, #"{"sub":"42"}"#, "[1,2]",
                     #"{"alg":"x""#, #"{"alg":"x"}}"#, #"{"alg":01}"#, #"{"alg":"x",}"#, "{}", "", "null", #""s""#,
                     "{\"alg\":\"tab\tinside\"}", #"{"alg":"\x"}"#, #"{"k":1.}"#, #"{"k":-}"#, #"{"a":[1,],"alg":"x"}"#, #"{"a":[,]}"#, #"{,}"#, #"{"a":1,,}"#, "{\"alg\":\"ok\"}\n"]
        for header in jsons {
            for payload in jsons {
                for signature in ["", "c2ln", "si+g", "a.b"] {
                    let token = Self.base64URL(header) + "." + Self.base64URL(payload) + "." + signature
                    #expect(JWTShape.isWellFormed(token) == Self.foundationCheck(token), "\(header) \(payload) \(signature)")
                }
            }
        }
        for text in ["a.b.c", "1.2.3", "www.example.com", "..", "eyJ.eyJ.", "=.=.", "eyJhbGciOiJIUzI1NiJ9=.eyJzdWIiOiIxIn0.x"] {
            #expect(JWTShape.isWellFormed(text) == Self.foundationCheck(text), "\(text)")
        }
    }
}
