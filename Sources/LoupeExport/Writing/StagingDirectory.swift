#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A private folder (mode 0700) next to an export's destination where every file of the export is
/// written; ``commit(_:)`` renames the finished file over the destination, so the destination
/// either does not change or is complete. Same folder means same file system, so the rename is atomic.
///
/// A crash leaves only the hidden `.NAME.loupe-XXXXXX` folder, never a partial destination.
/// `loupe scan --output` writes its report the same way.
public final class StagingDirectory {
    public let destination: URL
    /// The hidden folder; remove it on an abrupt exit (a signal handler) to leave nothing behind.
    public let directory: URL
    private var isDone = false

    /// Creates the staging folder beside `destination`.
    public init(destination: URL) throws(ExportError) {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        var template = Array(folder.appending(path: ".\(destination.lastPathComponent).loupe-XXXXXX").path.utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard created != nil else {
            throw ExportError(path: destination.path,
                              reason: "cannot create a file in \(folder.path) (\(String(cString: strerror(errno)))); "
                                  + "check that the folder exists and is writable")
        }
        directory = URL(filePath: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    deinit { discard() }

    /// A path inside the staging folder.
    public func file(named name: String) -> URL { directory.appending(path: name) }

    /// Makes `file` (inside the staging folder) the destination, mode 0600, and removes the folder.
    public func commit(_ file: URL) throws(ExportError) {
        guard chmod(file.path, 0o600) == 0, rename(file.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw ExportError(path: destination.path, reason: "cannot move the finished file into place (\(reason))")
        }
        discard()
    }

    /// Removes the staging folder and everything in it.
    public func discard() {
        guard !isDone else { return }
        isDone = true
        try? FileManager.default.removeItem(at: directory)
    }
}
