#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A new file (mode 0600, never an existing one) written through a buffer with write(2), so a
/// large export costs one system call per block rather than one per event.
final class BufferedFileOutput {
    let url: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 256 << 10

    init(url: URL) throws(ExportError) {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExportError(path: url.path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        buffer.reserveCapacity(Self.capacity)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func append(_ bytes: some Sequence<UInt8>) throws(ExportError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes out the buffer and closes the file.
    func finish() throws(ExportError) {
        try flush()
        let status = close(descriptor)
        descriptor = -1
        guard status == 0 else {
            throw ExportError(path: url.path, reason: "cannot finish writing (\(String(cString: strerror(errno))))")
        }
    }

    private func flush() throws(ExportError) {
        var failure: Int32 = 0
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if failure != 0 {
            throw ExportError(path: url.path, reason: "cannot write (\(String(cString: strerror(failure))))")
        }
    }
}
