#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a zip file (APPNOTE 6.3) whose members arrive already deflated, so an export compresses
/// each file while writing it, at the level it chooses (``Deflater``), and never reads it back
/// uncompressed. ZIPFoundation compresses at zlib's default level only, from a finished file.
///
/// Members, offsets or the central directory past 4 GiB get ZIP64 records.
final class ZipFileWriter {
    /// A member's data as ``Deflater`` left it.
    struct Deflated {
        var checksum: UInt32
        var size: UInt64
        var compressedSize: UInt64
    }

    private struct Member {
        var name: String
        var data: Deflated
        var offset: UInt64
    }

    private let output: BufferedFileOutput
    private let modified: (time: UInt16, date: UInt16)
    /// Sizes and offsets from this value on are written as ZIP64 (tests lower it).
    private let zip64Threshold: UInt64
    private var members: [Member] = []
    private var offset: UInt64 = 0

    /// Creates the file (mode 0600; it must not exist). Members are dated `modified`, local time.
    init(url: URL, modified: Date, zip64Threshold: UInt64 = 0xFFFF_FFFF) throws(ExportError) {
        output = try BufferedFileOutput(url: url)
        self.modified = Self.dosTime(modified)
        self.zip64Threshold = zip64Threshold
    }

    /// Adds a member whose deflated data is the file at `file` (a deflating ``BufferedFileOutput``'s).
    func addMember(named name: String, data: Deflated, file: URL) throws(ExportError) {
        try addHeader(named: name, data: data)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportError(path: file.path, reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        var copied: UInt64 = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ExportError(path: file.path, reason: "cannot read the file (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            try output.append(chunk[..<count])
            copied += UInt64(count)
        }
        guard copied == data.compressedSize else {
            throw ExportError(path: file.path, reason: "the file changed while it was added to the zip bundle")
        }
        offset += copied
    }

    /// Adds a member with `contents`, deflated here.
    func addMember(named name: String, contents: [UInt8]) throws(ExportError) {
        guard let deflater = Deflater() else {
            throw ExportError(path: output.url.path, reason: "cannot start compressing (zlib is out of memory)")
        }
        var compressed: [UInt8] = []
        contents.withUnsafeBytes { input in deflater.deflate(input, finish: true) { compressed.append(contentsOf: $0) } }
        try addHeader(named: name, data: Deflated(checksum: deflater.checksum, size: deflater.inputSize,
                                                  compressedSize: UInt64(compressed.count)))
        try output.append(compressed)
        offset += UInt64(compressed.count)
    }

    /// Writes the central directory and closes the file.
    func finish() throws(ExportError) {
        let directoryOffset = offset
        var directory = ZipRecord()
        for member in members {
            // Each field that does not fit reads 0xFFFFFFFF and moves, in this order, to the ZIP64 extra field.
            let wide = [member.data.size, member.data.compressedSize, member.offset].map { $0 >= zip64Threshold }
            let name = Array(member.name.utf8)
            directory.uint32(0x0201_4B50)
            directory.uint16(3 << 8 | 45)  // made by: Unix (so the mode below counts), APPNOTE 4.5
            directory.uint16(wide.contains(true) ? 45 : 20)
            directory.uint16(0)  // flags
            directory.uint16(8)  // deflate
            directory.uint16(modified.time)
            directory.uint16(modified.date)
            directory.uint32(member.data.checksum)
            directory.uint32(wide[1] ? 0xFFFF_FFFF : UInt32(member.data.compressedSize))
            directory.uint32(wide[0] ? 0xFFFF_FFFF : UInt32(member.data.size))
            directory.uint16(UInt16(name.count))
            let wideCount = wide.filter { $0 }.count
            directory.uint16(wideCount > 0 ? UInt16(4 + 8 * wideCount) : 0)  // extra field length
            directory.uint16(0)  // comment length
            directory.uint16(0)  // disk
            directory.uint16(0)  // internal attributes
            directory.uint32(UInt32(S_IFREG | 0o600) << 16)  // a regular file, mode 0600
            directory.uint32(wide[2] ? 0xFFFF_FFFF : UInt32(member.offset))
            directory.bytes += name
            if wideCount > 0 {
                directory.uint16(1)  // ZIP64 extended information
                directory.uint16(UInt16(8 * wideCount))
                for (value, isWide) in zip([member.data.size, member.data.compressedSize, member.offset], wide) where isWide {
                    directory.uint64(value)
                }
            }
        }
        let directorySize = UInt64(directory.bytes.count)
        let endIsZip64 = directoryOffset >= zip64Threshold || directorySize >= zip64Threshold
        if endIsZip64 {
            let recordOffset = directoryOffset + directorySize
            directory.uint32(0x0606_4B50)  // ZIP64 end of central directory record
            directory.uint64(44)  // its size after this field
            directory.uint16(3 << 8 | 45)
            directory.uint16(45)
            directory.uint32(0)  // this disk
            directory.uint32(0)  // the directory's disk
            directory.uint64(UInt64(members.count))
            directory.uint64(UInt64(members.count))
            directory.uint64(directorySize)
            directory.uint64(directoryOffset)
            directory.uint32(0x0706_4B50)  // ZIP64 end of central directory locator
            directory.uint32(0)
            directory.uint64(recordOffset)
            directory.uint32(1)  // disks
        }
        directory.uint32(0x0605_4B50)  // end of central directory record
        directory.uint16(0)
        directory.uint16(0)
        directory.uint16(UInt16(members.count))
        directory.uint16(UInt16(members.count))
        directory.uint32(endIsZip64 ? 0xFFFF_FFFF : UInt32(directorySize))
        directory.uint32(endIsZip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        directory.uint16(0)  // comment length
        try output.append(directory.bytes)
        try output.finish()
    }

    private func addHeader(named name: String, data: Deflated) throws(ExportError) {
        members.append(Member(name: name, data: data, offset: offset))
        // The local header has no offset; when a size does not fit, both move to the ZIP64 extra field.
        let isZip64 = data.size >= zip64Threshold || data.compressedSize >= zip64Threshold
        let name = Array(name.utf8)
        var header = ZipRecord()
        header.uint32(0x0403_4B50)  // local file header
        header.uint16(isZip64 ? 45 : 20)
        header.uint16(0)
        header.uint16(8)
        header.uint16(modified.time)
        header.uint16(modified.date)
        header.uint32(data.checksum)
        header.uint32(isZip64 ? 0xFFFF_FFFF : UInt32(data.compressedSize))
        header.uint32(isZip64 ? 0xFFFF_FFFF : UInt32(data.size))
        header.uint16(UInt16(name.count))
        header.uint16(isZip64 ? 20 : 0)
        header.bytes += name
        if isZip64 {
            header.uint16(1)  // ZIP64 extended information
            header.uint16(16)
            header.uint64(data.size)
            header.uint64(data.compressedSize)
        }
        try output.append(header.bytes)
        offset += UInt64(header.bytes.count)
    }

    /// MS-DOS time and date fields, local time, as zip tools show them.
    private static func dosTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let year = min(127, max(0, Int(parts.tm_year) + 1900 - 1980))  // 1980 to 2107
        return (UInt16(parts.tm_hour << 11 | parts.tm_min << 5 | parts.tm_sec / 2),
                UInt16(year << 9 | Int(parts.tm_mon + 1) << 5 | Int(parts.tm_mday)))
    }
}

/// Little-endian fields of a zip header.
private struct ZipRecord {
    var bytes: [UInt8] = []

    mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
}
