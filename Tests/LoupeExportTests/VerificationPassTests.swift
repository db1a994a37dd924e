import Foundation
import LoupeCore
import LoupeExport
import LoupeRedaction
import Testing
import ZIPFoundation

/// The verification pass catches what the capture-time redactor missed, redacts it and counts it.
@Suite struct VerificationPassTests {
    /// A redactor that only knows email addresses: it misses every other secret.
    struct EmailOnlyRedactor: EventRedactor {
        func redact(_ event: inout NetworkEvent) {
            guard let text = event.request.body?.text, text.contains("@") else { return }
            event.request.body?.text = text.replacingOccurrences(of: "ann@example.com", with: "[REDACTED:email]")
            event.redactions["email", default: 0] += 1
        }

        func redact(_ sseEvent: inout SSEEvent) -> [String: Int] { [:] }
        func redact(_ message: inout WebSocketMessage) -> [String: Int] { [:] }
    }

    static let awsKey = "AKIAIOSFODNN7ABCDEFG"
    static let githubToken = "ghp_" + String(repeating: "a1B2c3D4e5", count: 4).prefix(36)
    static let password = "correct-horse-battery"

    /// A logger whose redactor misses what is planted here.
    private func leakyLog() async -> NetworkLogger {
        let logger = NetworkLogger(configuration: .init(redactor: EmailOnlyRedactor()))
        await logger.record(NetworkEvent(
            source: .apiClient, state: .complete,
            request: CapturedRequest(
                method: "POST", url: "https://api.example.com/login",
                headers: [HTTPHeader(name: "X-Api-Key", value: "plain-header-key-123")],
                body: CapturedBody(contentType: "application/json",
                                   text: #"{"user":"ann@example.com","password":"\#(Self.password)"}"#)),
            response: CapturedResponse(status: 200, body: CapturedBody(
                contentType: "text/plain", text: "key \(Self.awsKey) and token \(Self.githubToken)"))))
        return logger
    }

    @Test(arguments: ExportFormat.allCases)
    func secretsTheRedactorMissedAreRedactedAndCounted(format: ExportFormat) async throws {
        let logger = await leakyLog()
        #expect(await logger.snapshot()[0].response?.body?.text?.contains(Self.awsKey) == true, "the stub must miss it")

        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "leaky.\(format.fileExtension)")
        let manifest = try await logger.export(to: file, configuration: .init(format: format, source: .app))

        let late = manifest.verification.lateRedactionsByRule
        #expect(late["aws-access-key-id"] == 1)
        #expect(late["github-token"] == 1)
        #expect(late["header"] == 1)
        #expect(late["json-key"] == 1)
        #expect(manifest.verification.lateRedactions == late.values.reduce(0, +))
        // The email was redacted at capture, so it is not late.
        #expect(late["email"] == nil)
        #expect(manifest.redactions["email"] == 1)

        for text in try writtenTexts(file, format: format) {
            for secret in [Self.awsKey, Self.githubToken, Self.password, "plain-header-key-123", "ann@example.com"] {
                #expect(!text.contains(secret), "\(secret) was written")
            }
        }
    }

    @Test func aSecretInTheFilterExpressionIsRedactedInTheManifest() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "filtered.zip")
        let manifest = try ExportWriter.export([], to: file, configuration: .init(
            format: .zip, source: .app, filter: "body:\(Self.awsKey)"))
        #expect(manifest.filter?.contains(Self.awsKey) == false)
        #expect(manifest.verification.lateRedactions == 1)
        #expect(try writtenTexts(file, format: .zip).allSatisfy { !$0.contains(Self.awsKey) })
    }

    @Test func aCleanLogHasNoLateRedactions() throws {
        let folder = try ExportTestEvents.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try ExportWriter.export(ExportTestEvents.all, to: folder.appending(path: "clean.zip"),
                                               configuration: .init(format: .zip, source: .app))
        #expect(manifest.verification == .init(scanned: true, lateRedactions: 0, lateRedactionsByRule: [:]))
    }

    /// The text of every file the export wrote (each zip member for a bundle).
    private func writtenTexts(_ file: URL, format: ExportFormat) throws -> [String] {
        guard format == .zip else { return [try String(contentsOf: file, encoding: .utf8)] }
        let archive = try Archive(url: file, accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
