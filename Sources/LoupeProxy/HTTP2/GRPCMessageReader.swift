import Crypto
import Foundation
import LoupeCore
import NIOCore

/// Splits one direction of a gRPC call's body into its length-prefixed messages as bytes stream
/// through (gRPC over HTTP/2: a 1-byte Compressed-Flag, a 4-byte big-endian length, the
/// message), keeping of each only its size, flag and SHA-256 digest.
struct GRPCMessageReader {
    let direction: GRPCMessage.Direction
    /// The prefix of the message being read, until all 5 bytes are in.
    private var prefix: [UInt8] = []
    private var remaining = 0
    private var size = 0
    private var compressed = false
    private var hasher = SHA256()

    init(direction: GRPCMessage.Direction) {
        self.direction = direction
    }

    /// The length of a message prefix.
    static let prefixLength = 5

    /// Whether the bytes so far stop inside a message (a body cut short).
    var isInsideMessage: Bool { !prefix.isEmpty || remaining > 0 }

    /// Reads `chunk`; returns the messages it completed.
    mutating func read(_ chunk: ByteBuffer) -> [GRPCMessage] {
        var messages: [GRPCMessage] = []
        chunk.withUnsafeReadableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                if remaining == 0, prefix.count < Self.prefixLength {
                    let taken = min(Self.prefixLength - prefix.count, bytes.count - offset)
                    prefix += bytes[offset..<(offset + taken)]
                    offset += taken
                    guard prefix.count == Self.prefixLength else { break }
                    compressed = prefix[0] & 1 == 1
                    size = prefix[1...4].reduce(0) { $0 << 8 | Int($1) }
                    remaining = size
                    hasher = SHA256()
                    if size > 0 { continue }
                } else {
                    let taken = min(remaining, bytes.count - offset)
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + taken)]))
                    offset += taken
                    remaining -= taken
                    guard remaining == 0 else { break }
                }
                messages.append(GRPCMessage(direction: direction, size: size, compressed: compressed,
                                            sha256: hasher.finalize().lowercaseHex))
                prefix.removeAll(keepingCapacity: true)
            }
        }
        return messages
    }
}
