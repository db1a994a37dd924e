import Foundation
import LoupeClient
import Testing

/// The on-disk token store: permissions, atomic replacement, and damaged files.
@Suite struct FileTokenStoreTests {
    static let tokens = AuthTokens(accessToken: "access-secret", refreshToken: "refresh-secret",
                                   expiresAt: Date(timeIntervalSince1970: 1_800_000_000))

    /// A fresh folder under the temporary directory, removed by `cleanup`.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "loupe-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func inode(_ url: URL) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    @Test func savesJSONReadableByTheOwnerOnly() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(url: folder.appending(path: "nested/tokens.json"))
        #expect(try store.load() == nil)
        try store.save(Self.tokens)
        #expect(try Self.mode(store.url) == 0o600)
        #expect(try store.load() == Self.tokens)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url)) as? [String: Any]
        #expect(json?["accessToken"] as? String == "access-secret")
    }

    @Test func replacesTheFileAtomicallyLeavingNoTemporaryFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(url: folder.appending(path: "tokens.json"))
        try store.save(Self.tokens)
        let before = try Self.inode(store.url)
        // Even a file someone else made world-readable is replaced by a private one.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.url.path)
        var renewed = Self.tokens
        renewed.accessToken = "access-2"
        try store.save(renewed)
        #expect(try Self.inode(store.url) != before)  // a new file renamed over the old, not rewritten in place
        #expect(try Self.mode(store.url) == 0o600)
        #expect(try store.load() == renewed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tokens.json"])
    }

    @Test func aCorruptFileGivesAClearErrorWithoutItsContents() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "tokens.json")
        try Data(#"{"accessToken": "leaked-value", "refreshToken": 42}"#.utf8).write(to: url)
        let store = FileTokenStore(url: url)
        let error = #expect(throws: TokenStoreError.self) { try store.load() }
        #expect(error?.code == .corrupt)
        let message = error?.description ?? ""
        #expect(message.contains(url.path))
        #expect(message.contains("refreshToken"))
        #expect(message.contains("sign in again"))
        #expect(!message.contains("leaked-value"))

        try Data("not json at all".utf8).write(to: url)
        #expect(throws: TokenStoreError(code: .corrupt, path: url.path, reason: "the value is not valid JSON")) {
            try store.load()
        }
    }

    @Test func aSessionOverACorruptFileStartsSignedOutAndSaysWhy() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "tokens.json")
        try Data("{".utf8).write(to: url)
        let session = SessionController(store: FileTokenStore(url: url))
        let error = await #expect(throws: NetworkError.self) { try await session.validAccessToken() }
        guard case .session(.storage(let storeError))? = error else {
            Issue.record("expected a storage session error, got \(String(describing: error))")
            return
        }
        #expect(storeError.code == .corrupt)
        // Signing in again replaces the damaged file.
        try await session.signIn(Self.tokens)
        #expect(try FileTokenStore(url: url).load() == Self.tokens)
    }

    @Test func clearRemovesTheFileAndToleratesItsAbsence() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(url: folder.appending(path: "tokens.json"))
        try store.save(Self.tokens)
        try store.clear()
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
        try store.clear()
    }

    @Test func aPathThatCannotBeWrittenGivesAnUnwritableError() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A regular file where the folder should be: fails even for root.
        let blocker = folder.appending(path: "blocker")
        try Data().write(to: blocker)
        let store = FileTokenStore(url: blocker.appending(path: "tokens.json"))
        let error = #expect(throws: TokenStoreError.self) { try store.save(Self.tokens) }
        #expect(error?.code == .unwritable)
        #expect(error?.description.contains("access-secret") == false)
    }
}
