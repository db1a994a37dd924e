#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// The two files of a certificate authority in one folder, read and written the way a private
/// key needs: the folder 0700, the key 0600 and refused when other users can read it, every file
/// replaced atomically (a temporary file in the same folder, fsync, rename, fsync of the folder).
struct CertificateAuthorityStore {
    static let certificateFileName = "ca.pem"
    static let keyFileName = "ca-key.pem"
    /// A CA file is a few hundred bytes; anything this large is not one.
    private static let largestFile = 1 << 20

    let directory: URL

    var certificateURL: URL { directory.appendingPathComponent(Self.certificateFileName) }
    var keyURL: URL { directory.appendingPathComponent(Self.keyFileName) }

    /// What the folder holds.
    enum Contents {
        case empty
        case pair(certificatePEM: String, keyPEM: String)
    }

    /// Creates the folder (mode 0700) and its missing parents; an existing folder is left as it is.
    func createDirectory() throws(CertificateAuthorityError) {
        let parent = directory.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem("create the folder", parent, errno: Self.posixCode(of: error))
        }
        if mkdir(directory.path, 0o700) != 0 {
            let code = errno
            var isDirectory: ObjCBool = false
            guard code == EEXIST, FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                  isDirectory.boolValue
            else { throw .fileSystem("create the CA folder", directory, errno: code == EEXIST ? ENOTDIR : code) }
        }
    }

    /// Runs `body` holding an exclusive lock on the folder, so that two processes creating or
    /// replacing the CA at once cannot leave one's key beside the other's certificate.
    func withExclusiveLock<T>(_ body: () throws(CertificateAuthorityError) -> T) throws(CertificateAuthorityError) -> T {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem("open the CA folder", directory, errno: errno) }
        defer { close(descriptor) }
        // Best effort: a file system without flock (some network mounts) still gets the atomic writes.
        _ = flock(descriptor, LOCK_EX)
        return try body()
    }

    /// Reads both files; the key only when no other user can read it.
    func read() throws(CertificateAuthorityError) -> Contents {
        let certificate = try readFile(certificateURL, requirePrivate: false)
        let key = try readFile(keyURL, requirePrivate: true)
        switch (certificate, key) {
        case (nil, nil): return .empty
        case (.some, nil): throw .incompletePair(present: certificateURL, missing: keyURL)
        case (nil, .some): throw .incompletePair(present: keyURL, missing: certificateURL)
        case let (.some(certificate), .some(key)): return .pair(certificatePEM: certificate, keyPEM: key)
        }
    }

    /// Writes the key (0600), then the certificate (0644), each atomically.
    func write(certificatePEM: String, keyPEM: String) throws(CertificateAuthorityError) {
        try writeAtomically(Array(keyPEM.utf8), to: keyURL, mode: 0o600)
        try writeAtomically(Array(certificatePEM.utf8), to: certificateURL, mode: 0o644)
        syncDirectory()
    }

    /// The file's text, nil when it does not exist. With `requirePrivate`, a file that grants
    /// its group or other users any access is refused; the mode is read from the open
    /// descriptor, so the file checked is the file read.
    private func readFile(_ url: URL, requirePrivate: Bool) throws(CertificateAuthorityError) -> String? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .fileSystem("read", url, errno: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .fileSystem("read", url, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .fileSystem("read", url, errno: EISDIR) }
        if requirePrivate, status.st_mode & 0o077 != 0 {
            throw .keyFileNotPrivate(url, mode: status.st_mode)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .fileSystem("read", url, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            if bytes.count > Self.largestFile { throw .fileSystem("read", url, errno: EFBIG) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writeAtomically(_ bytes: [UInt8], to url: URL, mode: mode_t) throws(CertificateAuthorityError) {
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .fileSystem("write", temporary, errno: errno) }
        var failure: Int32?
        // open() applied the umask; the mode must be exact (0644 for the certificate).
        if fchmod(descriptor, mode) != 0 { failure = errno }
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno != EINTR { failure = errno }
            } else {
                written += count
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw .fileSystem("write", url, errno: failure)
        }
    }

    /// Makes the renames durable; a failure here loses nothing already readable, so it is ignored.
    private func syncDirectory() {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func posixCode(of error: any Error) -> Int32 {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return Int32(underlying.code) }
        return EIO
    }
}
