import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing

/// HAR files from browsers are imported and redacted on the way in.
@Suite struct ForeignHARImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
    let reader = EventFileReader(redactor: Redactor(ruleSet: .builtIn))

    /// Every secret planted in the Chrome fixture, in headers, cookies, the query, bodies and base64 content.
    static let chromeSecrets = [
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "s3cr3tSessionValue123", "tok_abcdef123456", "k_9f8e7d6c5b4a3210",
        "hunter2-Secret!", "ann.smith@example.com", "rt_0123456789abcdef", "ya29.a0AfH6SMBxExampleToken0123456789",
        "sk_live_51H8abcdefghijklmnopqrstuv", "FwoGZXIvYXdzEBYaDH7example", "415 555 2671",
    ]

    private func json(_ events: [NetworkEvent]) throws -> String {
        String(decoding: try JSONEncoder.loupe().encode(events), as: UTF8.self)
    }

    @Test func aChromeHARImportsWithEverySecretRedacted() throws {
        let log = try reader.readAll(contentsOf: Self.fixtures.appending(path: "chrome-export.har"))
        #expect(log.events.count == 4)
        let text = try json(log.events)
        for secret in Self.chromeSecrets {
            #expect(!text.contains(secret), "\(secret) survived the import")
        }
        let totals = log.events.reduce(into: [String: Int]()) { $0.merge($1.redactions, uniquingKeysWith: +) }
        #expect(totals.values.reduce(0, +) >= Self.chromeSecrets.count)
        #expect(totals["email", default: 0] >= 2)
    }

    @Test func aChromeHARKeepsTheExchangesShape() throws {
        let events = try reader.readAll(contentsOf: Self.fixtures.appending(path: "chrome-export.har")).events
        let post = events[0]
        #expect(post.request.method == "POST")
        #expect(post.request.url.hasPrefix("https://api.example.com/v1/sessions?access_token="))
        #expect(post.request.headers[":authority"] == "api.example.com")
        #expect(post.request.headers["authorization"]?.hasPrefix("Bearer [REDACTED:") == true)
        #expect(post.request.headers["accept"] == "application/json")
        #expect(post.response?.status == 201)
        #expect(post.response?.body?.originalSize == 98)
        #expect(post.state == .complete)
        // blocked + send + wait: everything before the first response byte.
        #expect(post.timings.ttfb == 2.113 + 0.181 + 85.467)
        #expect(post.timings.total == 89)

        // Base64 JSON is decoded to text (then redacted); base64 image bytes are not stored.
        let billing = try #require(events[1].response?.body?.text)
        #expect(billing.contains(#""plan":"pro""#))
        #expect(events[2].response?.body?.omitted?.reason == .binary)
        #expect(events[2].response?.body?.originalSize == 20)

        let failed = events[3]
        #expect(failed.state == .failed)
        #expect(failed.response == nil)
        #expect(failed.error?.message == "net::ERR_CONNECTION_REFUSED")
    }

    @Test func aFirefoxHARWithLocalTimeAndNoBodyTextImports() throws {
        let events = try reader.readAll(contentsOf: Self.fixtures.appending(path: "firefox-export.har")).events
        let event = try #require(events.first)
        // 07:10:01.123+01:00 is 06:10:01.123Z.
        #expect(abs(event.startedAt.timeIntervalSince1970 - 1_795_327_801.123) < 0.0005)
        #expect(event.request.headers["X-Auth-Token"]?.contains("ff-secret-token-77") == false)
        #expect(event.response?.body?.omitted?.reason == .notCaptured)
        #expect(event.response?.body?.originalSize == 300)
    }

    @Test func anImportedHARExportsAgainWithoutLateRedactions() throws {
        let events = try reader.readAll(contentsOf: Self.fixtures.appending(path: "chrome-export.har")).events
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try ExportWriter.export(events, to: folder.appending(path: "shared.zip"),
                                               configuration: .init(format: .zip, source: .file))
        #expect(manifest.verification.lateRedactions == 0)
        #expect(manifest.eventCount == 4)
    }
}
