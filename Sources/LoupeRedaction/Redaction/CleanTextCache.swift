#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// Short texts in which a ``PatternEngine`` found nothing, remembered so that the same text is
/// not scanned again.
///
/// A proxy logs the same short strings over and over: `Content-Type`, `Accept` and `User-Agent`
/// values, `Via`, reason phrases, small status bodies. Each costs the engine a pass over every
/// rule's prefilter (about 20 000 instructions with 530 rules) however short it is, which made
/// redaction two thirds of a proxied request's CPU. What the engine finds depends only on the
/// bytes it is shown, so a text found clean once is clean every time: the cache compares the
/// whole text, never just its hash, and only ever answers "nothing to redact" for exactly the
/// bytes that were scanned. Bounded: at ``capacity`` entries it starts afresh.
///
/// Guarded by an `NSLock` (a pthread mutex, which ThreadSanitizer understands) rather than
/// `Synchronization.Mutex`, whose contended hand-off happens in code TSan does not see.
final class CleanTextCache: @unchecked Sendable {
    /// Longer texts are rarely repeated exactly and are not remembered.
    static let maximumLength = 256
    /// At most this many texts (at most 1 MiB of bytes) are remembered.
    static let capacity = 4096

    private let lock = NSLock()
    /// Texts by their hash; a text whose hash collides with another's replaces it. Guarded by `lock`.
    private var texts: [Int: [UInt8]] = [:]

    /// Whether `text` was found clean before.
    func contains(_ text: UnsafeRawBufferPointer) -> Bool {
        let key = Self.key(text)
        // Never waits: when several threads redact at once (an export's verification, the test
        // suite), waiting for each other would cost more than the scans the cache saves.
        guard lock.try() else { return false }
        defer { lock.unlock() }
        guard let known = texts[key], known.count == text.count else { return false }
        // memcmp: the generic elementsEqual cost a tenth of a proxied request.
        return known.withUnsafeBytes { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
    }

    /// Remembers that `text` (at most ``maximumLength`` bytes) holds nothing to redact, unless
    /// another thread holds the cache just now.
    func insert(_ text: UnsafeRawBufferPointer) {
        precondition(text.count <= Self.maximumLength)
        let key = Self.key(text)
        let bytes = [UInt8](text)
        guard lock.try() else { return }
        defer { lock.unlock() }
        if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
        texts[key] = bytes
    }

    private static func key(_ text: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: text)
        return hasher.finalize()
    }
}
