import Foundation
import LoupeCore
import Logging
import Testing
@testable import LoupeRedaction

/// Large texts (keyword rules run near their keywords), the context rules see around a value,
/// and the fail-safe for values a rule cannot scan.
@Suite struct RedactorLargeTextTests {
    let redactor = Redactor(ruleSet: .builtIn, hashKey: RedactionHashKey(bytes: [5]))

    static func filler(lines: Int) -> String {
        (0..<lines).map { "GET /v1/items/\($0)?page=2 HTTP/1.1 took 12 ms, etag 9b2cf535f27731c9\n" }.joined()
    }

    static let pem = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj
        MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu
        NMoSfm76oqFvAp8Gy0iz5sxjZmSnXyCdPEovGhLa0VzMaQ8s+CLOyS56YyCFGeJZ
        -----END PRIVATE KEY-----

        """

    @Test func largeTextsFindSecretsFarFromEachOtherAndMultiLineBlocks() {
        let text = Self.filler(lines: 2_000) + "mail ann@example.com\n" + Self.filler(lines: 2_000)
            + Self.pem + Self.filler(lines: 2_000) + "Authorization: Bearer abcdefgh12345678\n"
        #expect(text.utf8.count > 4 * PatternEngine.largeText)
        let (once, counts) = redactor.text(text)
        #expect(!once.contains("ann@example.com"))
        #expect(!once.contains("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"))
        #expect(!once.contains("abcdefgh12345678"))
        #expect(counts["email"] == 1)
        #expect(counts["private-key"] == 1)
        #expect(counts["bearer-token"] == 1)
        #expect(redactor.text(once) == (once, [:]))
    }

    @Test func largeAndSmallTextsAgree() {
        // The same lines redacted one by one and as one large text give the same result.
        let lines = (0..<3_000).map { number in
            number % 97 == 0 ? "user \(number): ann.\(number)@example.com, +44 20 7946 0958, token=ghp_EXAMPLE0123456789exampleTOKENEXAMPLE"
                : "GET /v1/items/\(number) 200 in \(number % 50) ms"
        }
        let whole = lines.joined(separator: "\n")
        let (large, largeCounts) = redactor.text(whole)
        var lineCounts: [String: Int] = [:]
        let separately = lines.map { redactor.redactText($0, counts: &lineCounts) }.joined(separator: "\n")
        #expect(large == separately)
        #expect(largeCounts == lineCounts)
    }

    @Test func adjacentSecretsRedactStablyInLargeTexts() {
        let text = Self.filler(lines: 1_500) + "call +44 20 7946 0958ann@example.com now\n" + Self.filler(lines: 10)
        let (once, _) = redactor.text(text)
        #expect(!once.contains("7946"))
        #expect(redactor.text(once) == (once, [:]))
    }

    @Test func keyedRulesSeeTheJSONKeyOfTheValue() {
        let (json, counts) = redactor.json(#"{"tel":"4155552671","name":"Ann","phone_number":4155552671,"count":4155552671}"#)
        #expect(json == #"{"tel":"[REDACTED:phone-keyed-tel]","name":"Ann","phone_number":"[REDACTED:phone-keyed]","count":4155552671}"#)
        #expect(counts == ["phone-keyed-tel": 1, "phone-keyed": 1])
    }

    @Test func keyedRulesSeeTheHeaderName() {
        let (value, counts) = redactor.header("X-Phone", "4155552671")
        #expect(value == "[REDACTED:phone-keyed]")
        #expect(counts == ["phone-keyed": 1])
        #expect(redactor.header("X-Count", "4155552671") == ("4155552671", [:]))
    }

    @Test func unscannableValuesAreReplacedWholeEverywhere() {
        let redactor = Redactor(ruleSet: .pathologicalForTesting)
        let hostile = String(repeating: "a", count: 3_000) + "!"
        let (json, jsonCounts) = redactor.json(#"{"ok":"fine","bad":"\#(hostile)"}"#)
        #expect(json == #"{"ok":"fine","bad":"[REDACTED:unscannable]"}"#)
        #expect(jsonCounts == ["unscannable": 1])
        #expect(redactor.header("X-Note", hostile) == ("[REDACTED:unscannable]", ["unscannable": 1]))
        let (url, urlCounts) = redactor.url("https://example.com/p?q=" + hostile)
        #expect(url == "[REDACTED:unscannable]")
        #expect(urlCounts == ["unscannable": 1])
    }

    @Test func unscannableWarningsNeverContainTheValue() {
        let recorder = LogRecorder()
        let logger = Logger(label: "test") { _ in recorder }
        let redactor = Redactor(ruleSet: .pathologicalForTesting, logger: logger)
        let secret = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" + String(repeating: "a", count: 2_000) + "!"
        _ = redactor.text(secret)
        let entries = recorder.entries
        #expect(entries.count == 1)
        #expect(entries.allSatisfy { $0.level == .warning })
        #expect(entries.allSatisfy { !$0.text.contains("aaaaaaaa") })
        #expect(entries.first?.text.contains("catastrophic") == true)
    }

    @Test func theDefaultLoggerConfigurationRedacts() async {
        let logger = NetworkLogger(configuration: .redacting())
        let stored = await logger.record(NetworkEvent(source: .apiClient, request: CapturedRequest(
            method: "GET", url: "https://api.example.com/me?access_token=abc&mail=ann%40example.com")))
        #expect(stored.request.url == "https://api.example.com/me?access_token=[REDACTED:query-param]&mail=[REDACTED:email]")
        #expect(stored.redactions == ["query-param": 1, "email": 1])
        #expect(logger.configuration.redactor is Redactor)
    }
}

/// A log handler that keeps what it is given, for asserting on warnings.
final class LogRecorder: LogHandler, @unchecked Sendable {
    // @unchecked: the lock guards `stored`; swift-log calls handlers from any thread.
    private let lock = NSLock()
    private var stored: [(level: Logger.Level, text: String)] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var entries: [(level: Logger.Level, text: String)] { lock.withLock { stored } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        let text = "\(message) \(metadata ?? [:])"
        lock.withLock { stored.append((level, text)) }
    }
}
