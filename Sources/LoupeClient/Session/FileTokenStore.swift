import Foundation
import LoupeCore

/// A ``TokenStore`` that keeps the tokens in a JSON file readable by the owner only (mode 0600),
/// replaced atomically on every save: a temporary file in the same folder is written, flushed to
/// disk and renamed over the old one, so a crash leaves either the old tokens or the new ones.
///
/// ```swift
/// let store = FileTokenStore(url: home.appending(path: ".config/chat/tokens.json"))
/// ```
public struct FileTokenStore: TokenStore {
    /// The token file.
    public let url: URL

    /// A store in the file at `url`; its folder is created on the first save when missing.
    public init(url: URL) {
        self.url = url
    }

    public func load() throws(TokenStoreError) -> AuthTokens? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw TokenStoreError(code: .unreadable, path: url.path, reason: Self.reason(error))
        }
        do {
            return try JSONDecoder.loupe().decode(AuthTokens.self, from: data)
        } catch {
            throw TokenStoreError(code: .corrupt, path: url.path, reason: DecodingFailure(error).clause)
        }
    }

    public func save(_ tokens: AuthTokens) throws(TokenStoreError) {
        let data: Data
        do {
            data = try JSONEncoder.loupe(pretty: true).encode(tokens)
        } catch {
            throw TokenStoreError(code: .unwritable, path: url.path, reason: "the tokens do not encode.")
        }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw TokenStoreError(code: .unwritable, path: url.path, reason: Self.reason(error))
        }
        let temporary = folder.appending(path: ".\(url.lastPathComponent).\(UUID.random().uuidString).tmp")
        do {
            try Self.writeExclusively(data, to: temporary.path)
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError(errno) }
        } catch {
            unlink(temporary.path)
            throw TokenStoreError(code: .unwritable, path: url.path, reason: Self.reason(error))
        }
    }

    public func clear() throws(TokenStoreError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw TokenStoreError(code: .unwritable, path: url.path, reason: Self.reason(POSIXError(errno)))
        }
    }

    /// Creates `path` (which must not exist) with mode 0600 from the start, so the tokens are
    /// never readable by others, not even for a moment, and flushes it to disk.
    private static func writeExclusively(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(errno) }
        defer { close(descriptor) }
        var written = 0
        while written < data.count {
            let result = data[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw POSIXError(errno)
            }
            written += result
        }
        guard fsync(descriptor) == 0 else { throw POSIXError(errno) }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError { return "\(String(cString: strerror(error.code.rawValue)).lowercased())." }
        return error.localizedDescription
    }
}

fileprivate extension POSIXError {
    /// The error for an `errno` value.
    init(_ code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
