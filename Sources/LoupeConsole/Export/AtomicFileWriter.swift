#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file so readers see either the old content or the whole new one, never a part:
/// a temporary file in the same folder (created 0600, so nobody else can read it even for a
/// moment), flushed to disk, then renamed over the target.
public enum AtomicFileWriter {
    /// Replaces `url` with `data`, with permissions 0600.
    ///
    /// - Throws: ``ConsoleExportError`` naming the path and the system's reason.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)  // mkstemp creates the file 0600
        guard descriptor >= 0 else { throw ConsoleExportError(path: url.path, errno: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw ConsoleExportError(path: url.path, errno: failure)
        }
    }
}

/// Why an export could not be written.
public struct ConsoleExportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public var path: String
    public var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code)).lowercased()
    }

    public var description: String { "Could not write \(path): \(reason)." }
    public var errorDescription: String? { description }
}
