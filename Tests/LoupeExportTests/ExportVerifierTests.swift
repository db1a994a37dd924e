import Foundation
import LoupeCore
@testable import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

/// The verification pass remembers verified header values; reusing them must change nothing:
/// every occurrence is redacted and counted as the redactor would, in every file of the bundle.
@Suite struct ExportVerifierTests {
    static let apiKey = "plain-header-key-123"
    static let awsKey = "AKIAIOSFODNN7ABCDEFG"

    /// Unredacted exchanges that repeat header values, secrets among them.
    static func leakyEvents(count: Int) -> [NetworkEvent] {
        (0..<count).map { number in
            NetworkEvent(
                source: .proxyForward, state: .complete,
                request: CapturedRequest(
                    method: "GET", url: "https://api.example.com/items/\(number)",
                    headers: [
                        HTTPHeader(name: "Accept", value: "application/json"),
                        HTTPHeader(name: "X-Api-Key", value: apiKey),
                        HTTPHeader(name: "X-Note", value: "key \(awsKey)"),
                        HTTPHeader(name: "Authorization", value: "Bearer abc.def.ghi-\(number % 2)"),
                        HTTPHeader(name: "Cookie", value: "session=s3cr3t-value; theme=dark"),
                        HTTPHeader(name: "X-Unit", value: number % 2 == 0 ? "K" : "\u{212A}"),  // Kelvin sign: == "K" in Swift
                        HTTPHeader(name: "X-Long", value: String(repeating: "a ", count: 150) + awsKey),  // too long to remember
                    ]),
                response: CapturedResponse(status: 200, headers: [HTTPHeader(name: "X-Api-Key", value: apiKey)]))
        }
    }

    @Test func eventsVerifiedThroughTheCacheEqualTheRedactorsOutput() {
        var verifier = ExportVerifier(ruleSet: .builtIn)
        let redactor = Redactor(ruleSet: .builtIn)
        var expectedLate: [String: Int] = [:]
        for event in Self.leakyEvents(count: 6) {
            var verified = event
            verifier.verify(&verified)
            var redacted = event
            redactor.redact(&redacted)
            #expect(verified == redacted)
            for (rule, count) in redacted.redactions { expectedLate[rule, default: 0] += count }
            // Byte for byte, not only canonically equal: the Kelvin sign stays a Kelvin sign.
            #expect(Array(verified.request.headers[5].value.utf8) == Array(event.request.headers[5].value.utf8))
        }
        #expect(verifier.lateRedactions == expectedLate)
        #expect(verifier.lateRedactions["header"] == 12, "X-Api-Key in each request and response")
    }

    @Test func aLateRedactionInARepeatedHeaderLandsInBothFilesOfTheBundle() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "repeated.zip")
        let manifest = try ExportWriter.export(Self.leakyEvents(count: 3), to: file,
                                               configuration: .init(format: .zip, source: .app))
        #expect(manifest.verification.lateRedactionsByRule["header"] == 6)
        #expect(manifest.verification.lateRedactionsByRule["aws-access-key-id"] == 6)

        let archive = try Archive(url: file, accessMode: .read)
        for name in [ExportWriter.BundleEntry.events, ExportWriter.BundleEntry.har] {
            let entry = try #require(archive[name])
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains(Self.apiKey), "\(name)")
            #expect(!text.contains(Self.awsKey), "\(name)")
            #expect(text.components(separatedBy: "[REDACTED:header]").count - 1 == 6, "\(name)")
        }
    }
}
