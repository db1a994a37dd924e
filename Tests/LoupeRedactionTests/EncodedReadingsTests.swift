import Foundation
import Testing
import LoupeCore
@testable import LoupeRedaction

/// Secrets that a plain text hides behind its own encoding (``EncodedReadings``): escaped line
/// breaks glued to a token, percent-encoded form data in a command line or a log, and a JSON
/// event that a stream cut inside a string. Redaction removes them and `loupe scan` reports them.
@Suite struct EncodedReadingsTests {
    static let redactor = Redactor(ruleSet: .builtIn)
    static let scanner = LeakScanner(ruleSet: .builtIn)

    @Test(arguments: [
        (#"Here you go:\nghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n"#, "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
        (#"{"log":"token:\tsk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOp"}"# + " raw", "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOp"),
        (#"msg=\u0022ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\u0022 from b'\x27ann.lee@example.org\x27'"#, "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
        (#"b'\x27ann.lee@example.org\x27'"#, "ann.lee@example.org"),
        ("I pasted _ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_ by mistake, write to _ann.lee@example.org_.", "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
        ("write to _ann.lee@example.org_.", "ann.lee@example.org"),
        ("\u{1B}[1;32mghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\u{1B}[0m deployed", "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
        (#"echo -e "\e[33mghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\e[0m" and "\u001b[36mann.lee@example.org\u001b[0m""#, "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
        ("curl -d 'phone=%2B44%2020%207946%200958&name=ann' https://api.example.com/v1/users", "7946%200958"),
        ("curl -d 'phone=%2B44+20+7946+0958&name=ann' https://api.example.com/v1/users", "7946+0958"),
        ("curl -d 'iban=DE89%203704%200044%200532%200130%2000' https://api.example.com/v1/payouts", "0532%200130"),
        ("curl -d 'iban=GB82+WEST+1234+5698+7654+32&amount=10' https://api.example.com/v1/payouts", "5698+7654"),
        ("curl -X POST -d sin=046+454+286 https://api.example.com/v1/kyc", "046+454+286"),
        ("GET /v1/invite?email=ann.smith%40example.com HTTP/1.1", "ann.smith%40example.com"),
    ])
    func aSecretBehindTheTextsEncodingIsRemovedAndScanned(text: String, secret: String) {
        var counts: [String: Int] = [:]
        let redacted = Self.redactor.redactText(text, counts: &counts)
        #expect(!redacted.contains(secret), "\(redacted)")
        #expect(!Self.scanner.scan(text: text).isEmpty, "loupe scan must find what redact removes")
        // The rest of the text is left as written.
        #expect(redacted.hasPrefix(String(text.prefix(2))))
    }

    @Test func percentEncodedDataKeepsItsEncodingAroundTheSecret() {
        let (redacted, counts) = Self.redactor.text("curl -d 'phone=%2B44%2020%207946%200958&name=ann%20lee'")
        #expect(redacted == "curl -d 'phone=[REDACTED:phone-e164]&name=ann%20lee'")
        #expect(counts == ["phone-e164": 1])
    }

    @Test(arguments: [
        #"C:\new\table\reports and C:\temp\notes"#,
        "GET /search?q=caf%C3%A9%20au%20lait&page=2 HTTP/1.1",
        #"printf("%d rows\n", count); // 100% done\t(ok)"#,
        "progress 45%, 1 of 20 files",
        "c++ and a+b=c; version=1.2.3+build.7",
        "def __init__(self, _private_key_path): return _cache_dir_ or my_var_",
    ])
    func aTextWithEscapesButNoSecretIsKept(_ text: String) {
        let (redacted, counts) = Self.redactor.text(text)
        #expect(redacted == text)
        #expect(counts.isEmpty)
    }

    @Test func escapedBreaksAreMadeRealInACopyOfTheSameLength() throws {
        let text = #"a\nb\\nc\td"#
        let readings = try #require(Array(text.utf8).withUnsafeBytes { WordBreakReading(in: $0) })
        #expect(readings.bytes.count == text.utf8.count)
        // `\\n` is an escaped backslash followed by an n: only `\n` and `\t` are breaks.
        #expect(readings.positions == [1..<2, 8..<9])
        #expect(String(decoding: readings.bytes, as: UTF8.self) == "a\\\nb\\\\nc\\\td")
        #expect(Array("no escapes here".utf8).withUnsafeBytes { WordBreakReading(in: $0) } == nil)
        // A `\u` escape of punctuation becomes spaces; one of a letter stays as written.
        let unicode = try #require(Array(#"\u0022a\u00e9\x41"#.utf8).withUnsafeBytes { WordBreakReading(in: $0) })
        #expect(String(decoding: unicode.bytes, as: UTF8.self) == #"      a\u00e9\x41"#)
    }

    @Test func percentEncodedLinesMapEveryDecodedByteBackIntoTheText() throws {
        for text in ["phone=%2B44%2020%207946%200958", "a=1\nphone=%2B44+20+7946+0958&x=%41\nz"] {
            let lines = try #require(Array(text.utf8).withUnsafeBytes { PercentEncodedLines(in: $0) })
            for reading in [lines.decoded, lines.decodedWithSpaces] where !reading.bytes.isEmpty {
                // One offset per byte and a final one, none past the text (a match that takes in
                // the line break each line is given must still end inside the text).
                #expect(reading.textOffsets.count == reading.bytes.count + 1)
                #expect(reading.textOffsets.allSatisfy { $0 <= text.utf8.count })
            }
            #expect(lines.isWholeText == !text.contains("\n"))
        }
    }

    @Test func anEventCutInsideAStringIsJudgedAsItsKeysValue() {
        // Streams send JSON in chunks: the value of a named key is still that key's value.
        var event = SSEEvent(receivedAt: Date(timeIntervalSince1970: 0), data: #"{"seq":4,"partial":true,"vercelToken":"XKzkJVmPZ7q9XR18dyiXwWh0"#)
        let counts = Self.redactor.redact(&event)
        #expect(!event.data.contains("XKzkJVmPZ7q9XR18dyiXwWh0"), "\(event.data)")
        #expect(event.data.hasPrefix(#"{"seq":4,"partial":true,"vercelToken":"["#))
        #expect(!counts.isEmpty)
    }

    @Test func anEventCutInsideAnEscapeDropsTheDanglingBackslash() {
        var event = SSEEvent(receivedAt: Date(timeIntervalSince1970: 0), data: #"{"note":"see\"#)
        _ = Self.redactor.redact(&event)
        #expect(event.data == #"{"note":"see\"#)
    }
}
