import Foundation
import LoupeRedaction

/// Reads an input in chunks and writes its redacted form, holding at most a few megabytes.
struct StreamingRedaction {
    let redactor: Redactor
    let format: RedactionFormat
    /// Whether every placeholder the redactor writes is ASCII. They are made of rule ids, hex
    /// digests and the letters of the (here ASCII) secret, so this holds when every rule id is
    /// ASCII, as ids from rule files always are.
    let placeholdersAreASCII: Bool

    init(redactor: Redactor, format: RedactionFormat) {
        self.redactor = redactor
        self.format = format
        placeholdersAreASCII = redactor.ruleSet.rules.allSatisfy { rule in rule.id.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// Bytes read per system call.
    static let readSize = 1 << 20
    /// A text block is cut at the last blank line (else the last line break) before this size;
    /// only a single line longer than this is cut mid-line.
    static let maximumBlock = 4 << 20

    func run(input: FileHandle, output: BufferedOutput, counts: inout [String: Int]) throws {
        switch format {
        case .text: try redactText(input: input, output: output, counts: &counts)
        case .ndjson: try redactLines(input: input, output: output, counts: &counts)
        case .json, .har: try redactJSON(input: input, output: output, counts: &counts)
        }
    }

    private func redactText(input: FileHandle, output: BufferedOutput, counts: inout [String: Int]) throws {
        // One buffer for the whole input, read into with read(2): no allocation per chunk, and the
        // pages stay mapped from block to block.
        let capacity = Self.maximumBlock + Self.readSize
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { storage.deallocate() }
        guard let base = storage.baseAddress else { return }
        let descriptor = input.fileDescriptor
        var filled = 0
        var atEnd = false
        while !atEnd {
            // A full chunk (or the rest of the input), so blocks are cut alike from a pipe.
            var chunk = 0
            while chunk < Self.readSize {
                let got = read(descriptor, base + filled + chunk, Self.readSize - chunk)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw StreamingReadError(code: errno)
                }
                if got == 0 {
                    atEnd = true
                    break
                }
                chunk += got
            }
            guard chunk > 0 else { break }
            filled += chunk
            guard let cut = Self.blockEnd(in: UnsafeRawBufferPointer(rebasing: storage[..<filled]), limit: Self.maximumBlock)
            else { continue }
            redactBlock(UnsafeRawBufferPointer(rebasing: storage[..<cut]), output: output, counts: &counts)
            // Keep the tail (usually short) at the start of the buffer.
            memmove(base, base + cut, filled - cut)
            filled -= cut
        }
        if filled > 0 {
            redactBlock(UnsafeRawBufferPointer(rebasing: storage[..<filled]), output: output, counts: &counts)
        }
    }

    /// Redacts one text block. An ASCII block (the usual log) is redacted as bytes, sparing the
    /// two multi-megabyte strings; anything else goes through `String`, which writes invalid
    /// UTF-8 back as U+FFFD.
    private func redactBlock(_ block: UnsafeRawBufferPointer, output: BufferedOutput, counts: inout [String: Int]) {
        guard Self.isASCII(block) else {
            output.write(redactor.redactText(String(decoding: block, as: UTF8.self), counts: &counts))
            return
        }
        guard let redacted = redactor.redactedASCIIText(block, counts: &counts) else {
            output.write(bytes: block)
            return
        }
        // ASCII placeholders keep the block ASCII without checking it again; if a rule's id is
        // not, decode as the String path would.
        if placeholdersAreASCII || redacted.withUnsafeBytes({ Self.isASCII($0) }) {
            redacted.withUnsafeBytes { output.write(bytes: $0) }
        } else {
            output.write(String(decoding: redacted, as: UTF8.self))
        }
    }

    /// Whether every byte is below 0x80, checked sixteen bytes at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var high = SIMD16<UInt8>(repeating: 0)
        while index + 16 <= count {
            high |= base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            index += 16
        }
        var rest: UInt8 = 0
        while index < count {
            rest |= bytes[index]
            index += 1
        }
        return (high.max() | rest) < 0x80
    }

    /// Where to end the next text block: after the last blank line, else after the last line
    /// break, else (a single huge line) at `limit`; nil to read more first.
    static func blockEnd(in bytes: UnsafeRawBufferPointer, limit: Int) -> Int? {
        guard bytes.count >= readSize else { return nil }
        var lastBreak: Int?
        var index = bytes.count - 1
        while index > 0 {
            if bytes[index] == 0x0A {
                if bytes[index - 1] == 0x0A || (index > 1 && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A) {
                    return index + 1
                }
                if lastBreak == nil { lastBreak = index + 1 }
            }
            index -= 1
        }
        if let lastBreak, bytes.count >= limit / 2 { return lastBreak }
        guard bytes.count >= limit else { return nil }
        // One enormous line: cut it, but not inside a UTF-8 sequence.
        var cut = limit
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    private func redactLines(input: FileHandle, output: BufferedOutput, counts: inout [String: Int]) throws {
        var pending: [UInt8] = []
        while let chunk = try input.read(upToCount: Self.readSize), !chunk.isEmpty {
            pending += chunk
            guard let lastNewline = pending.lastIndex(of: 0x0A) else { continue }
            for line in pending[...lastNewline].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
                output.write(redactor.redactJSON(String(decoding: line, as: UTF8.self), counts: &counts))
                output.write("\n")
            }
            pending.removeSubrange(...lastNewline)
        }
        if !pending.isEmpty {
            output.write(redactor.redactJSON(String(decoding: pending, as: UTF8.self), counts: &counts))
        }
    }

    private func redactJSON(input: FileHandle, output: BufferedOutput, counts: inout [String: Int]) throws {
        var stream = redactor.makeJSONStream()
        defer { counts.merge(stream.counts, uniquingKeysWith: +) }
        while let chunk = try input.read(upToCount: Self.readSize), !chunk.isEmpty {
            output.write(bytes: try stream.feed(chunk))
        }
        output.write(bytes: try stream.finish())
    }
}

/// Collects output in a large buffer and writes it in few system calls; a large text is written
/// straight from its own storage.
final class BufferedOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20

    init(handle: FileHandle) {
        descriptor = handle.fileDescriptor
        buffer.reserveCapacity(Self.flushSize * 2)
    }

    func write(_ text: String) {
        guard text.utf8.count >= Self.flushSize else {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.flushSize { flush() }
            return
        }
        // A whole redacted block: no copy into the buffer.
        flush()
        var text = text
        text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { flush() }
    }

    func write(bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.flushSize else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.flushSize { flush() }
            return
        }
        flush()
        writeAll(bytes)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` with write(2), retrying short writes; exits when the output is gone,
    /// as nothing more can be delivered.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Foundation.write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                Terminal.printError("error: cannot write the output: \(String(cString: strerror(errno))).")
                exit(1)
            }
            next += written
            remaining -= written
        }
    }
}

/// A failed read(2) of the input.
struct StreamingReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "cannot read the input: \(String(cString: strerror(code)))." }
}
