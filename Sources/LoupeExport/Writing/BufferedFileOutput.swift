#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A new file (mode 0600, never an existing one) written through a buffer with write(2), so a
/// large export costs one system call per block rather than one per event; optionally deflated
/// block by block on the way (a zip member's data, see ``ZipFileWriter``).
final class BufferedFileOutput {
    let url: URL
    /// The compressor of a deflating output: after ``finish()``, its checksum and input size.
    let deflater: Deflater?
    /// Bytes written to the file so far (compressed ones for a deflating output).
    private(set) var fileSize: UInt64 = 0
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 256 << 10

    init(url: URL, deflating: Bool = false) throws(ExportError) {
        self.url = url
        if deflating {
            guard let deflater = Deflater() else {
                throw ExportError(path: url.path, reason: "cannot start compressing (zlib is out of memory)")
            }
            self.deflater = deflater
        } else {
            deflater = nil
        }
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExportError(path: url.path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        buffer.reserveCapacity(Self.capacity)
    }

    /// A finished deflating output's data, as a zip member records it.
    var deflated: ZipFileWriter.Deflated? {
        deflater.map { ZipFileWriter.Deflated(checksum: $0.checksum, size: $0.inputSize, compressedSize: fileSize) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func append(_ bytes: some Sequence<UInt8>) throws(ExportError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes out the buffer (ending the deflate stream) and closes the file.
    func finish() throws(ExportError) {
        try flush(finishing: true)
        let status = close(descriptor)
        descriptor = -1
        guard status == 0 else {
            throw ExportError(path: url.path, reason: "cannot finish writing (\(String(cString: strerror(errno))))")
        }
    }

    private func flush(finishing: Bool = false) throws(ExportError) {
        var failure: Int32 = 0
        buffer.withUnsafeBytes { bytes in
            guard let deflater else {
                failure = writeAll(bytes)
                return
            }
            deflater.deflate(bytes, finish: finishing) { compressed in
                if failure == 0 { failure = writeAll(compressed) }
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if failure != 0 {
            throw ExportError(path: url.path, reason: "cannot write (\(String(cString: strerror(failure))))")
        }
    }

    /// Writes all of `bytes` to the file; returns 0, or the errno of the failure.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        fileSize += UInt64(bytes.count)
        return 0
    }
}
