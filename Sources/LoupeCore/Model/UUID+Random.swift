import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension UUID {
    /// A random version-4 UUID from the system's cryptographic random generator.
    ///
    /// Foundation's `UUID()` opens and reads `/dev/urandom` on every call on Linux (about 2 µs,
    /// more than the logger spends storing an event), and even `getrandom` costs a system call
    /// per value: the bytes come from a pool that one `getrandom` call refills for 256 UUIDs.
    /// Every event id is made this way.
    public static func random() -> UUID {
        var bytes = RandomPool.shared.next16()
        bytes.6 = bytes.6 & 0x0F | 0x40  // version 4
        bytes.8 = bytes.8 & 0x3F | 0x80  // RFC 9562 variant
        return UUID(uuid: bytes)
    }
}

/// Random bytes from the system's cryptographic generator, drawn 4 KiB at a time.
///
/// Guarded by an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: a contended
/// `Mutex` is handed over by the kernel in code ThreadSanitizer does not see, so `make sanitize`
/// reported the state it guards as raced.
private final class RandomPool: @unchecked Sendable {
    static let shared = RandomPool()

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var words = [UInt64](repeating: 0, count: 512)
    /// Guarded by `lock`; 512 is empty: filled on first use.
    private var next = 512

    /// Sixteen random bytes.
    func next16() -> uuid_t {
        lock.lock()
        if next + 2 > words.count {
            Self.fill(&words)
            next = 0
        }
        let (high, low) = (words[next], words[next + 1])
        next += 2
        lock.unlock()
        return withUnsafeBytes(of: (high, low)) { raw in
            (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
             raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15])
        }
    }

    /// Fills `words` from the kernel's generator: glibc's `arc4random_buf` is one `getrandom`
    /// call for the whole buffer.
    private static func fill(_ words: inout [UInt64]) {
        #if canImport(Glibc)
        words.withUnsafeMutableBytes { buffer in arc4random_buf(buffer.baseAddress!, buffer.count) }
        #else
        var generator = SystemRandomNumberGenerator()
        for index in words.indices { words[index] = generator.next() }
        #endif
    }
}
