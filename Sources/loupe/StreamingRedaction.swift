import Foundation
import LoupeRedaction

/// Reads an input in chunks and writes its redacted form, holding at most a few megabytes.
struct StreamingRedaction {
    let redactor: Redactor
    let format: RedactionFormat

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
        var pending: [UInt8] = []
        while let chunk = try input.read(upToCount: Self.readSize), !chunk.isEmpty {
            pending += chunk
            guard let cut = Self.blockEnd(in: pending, limit: Self.maximumBlock) else { continue }
            // Decoding through a buffer pointer: `String(decoding:)` on an array slice takes a
            // slow, element-by-element path.
            let block = pending.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[..<cut]), as: UTF8.self) }
            output.write(redactor.redactText(block, counts: &counts))
            pending.removeSubrange(..<cut)
        }
        if !pending.isEmpty {
            let block = pending.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            output.write(redactor.redactText(block, counts: &counts))
        }
    }

    /// Where to end the next text block: after the last blank line, else after the last line
    /// break, else (a single huge line) at `limit`; nil to read more first.
    static func blockEnd(in bytes: [UInt8], limit: Int) -> Int? {
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

/// Collects output in a large buffer and writes it in few system calls.
final class BufferedOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20

    init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.flushSize * 2)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushSize { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
