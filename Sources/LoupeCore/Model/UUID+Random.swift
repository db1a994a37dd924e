import Foundation

extension UUID {
    /// A random version-4 UUID from the system's cryptographic random generator.
    ///
    /// Foundation's `UUID()` opens and reads `/dev/urandom` on every call on Linux (about 2 µs,
    /// more than the logger spends storing an event); `SystemRandomNumberGenerator` uses the
    /// `getrandom` system call and is several times cheaper. Every event id is made this way.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        var bytes = (
            UInt8(truncatingIfNeeded: high), UInt8(truncatingIfNeeded: high >> 8),
            UInt8(truncatingIfNeeded: high >> 16), UInt8(truncatingIfNeeded: high >> 24),
            UInt8(truncatingIfNeeded: high >> 32), UInt8(truncatingIfNeeded: high >> 40),
            UInt8(truncatingIfNeeded: high >> 48), UInt8(truncatingIfNeeded: high >> 56),
            UInt8(truncatingIfNeeded: low), UInt8(truncatingIfNeeded: low >> 8),
            UInt8(truncatingIfNeeded: low >> 16), UInt8(truncatingIfNeeded: low >> 24),
            UInt8(truncatingIfNeeded: low >> 32), UInt8(truncatingIfNeeded: low >> 40),
            UInt8(truncatingIfNeeded: low >> 48), UInt8(truncatingIfNeeded: low >> 56))
        bytes.6 = bytes.6 & 0x0F | 0x40  // version 4
        bytes.8 = bytes.8 & 0x3F | 0x80  // RFC 9562 variant
        return UUID(uuid: bytes)
    }
}
