/// Byte-level helpers for the matcher's hot path: ASCII case folding and substring search over
/// UTF-8 buffers, so matching 100 000 events allocates nothing per event.
enum FilterBytes {
    /// Lower-cases an ASCII letter and leaves every other byte (including UTF-8 continuation
    /// bytes) alone; the wrapping subtraction turns the range check into one comparison.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The UTF-8 bytes of `string` with ASCII letters lower-cased.
    static func folded(_ string: String) -> [UInt8] {
        string.utf8.map(fold)
    }

    /// Runs `body` over the UTF-8 bytes of `string` without copying them when the string is
    /// native (always, for strings built or decoded in Swift; small strings are spilled to the stack).
    @inline(__always)
    static func withBytes<Result>(of string: String,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) {
            return result
        }
        var copy = string
        return copy.withUTF8(body)
    }

    /// Whether `bytes[offset...]` starts with `piece`, folding `bytes` when `ignoringCase`
    /// (`piece` is already folded then).
    @inline(__always)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int,
                        _ piece: UnsafeBufferPointer<UInt8>, ignoringCase: Bool) -> Bool {
        guard offset >= 0, offset + piece.count <= bytes.count else { return false }
        var index = 0
        if ignoringCase {
            while index < piece.count {
                if fold(bytes[offset + index]) != piece[index] { return false }
                index += 1
            }
        } else {
            while index < piece.count {
                if bytes[offset + index] != piece[index] { return false }
                index += 1
            }
        }
        return true
    }

    /// The first offset in `from..<(limit - piece.count + 1)` where `piece` occurs, or nil.
    static func firstOffset(of piece: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
                            from start: Int, limit: Int, ignoringCase: Bool) -> Int? {
        guard let first = piece.first else { return start <= limit ? start : nil }
        let last = limit - piece.count
        guard start <= last else { return nil }
        var offset = start
        while offset <= last {
            // Scan for the first byte before comparing the rest: most positions fail here.
            let byte = ignoringCase ? fold(bytes[offset]) : bytes[offset]
            if byte == first, matches(bytes, at: offset, piece, ignoringCase: ignoringCase) {
                return offset
            }
            offset += 1
        }
        return nil
    }

    /// Whether every byte is ASCII; reads eight bytes at a time because bodies can be long.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Whether the folded `needle` occurs in `haystack`, ignoring ASCII case.
    ///
    /// Free-text search scans every body of every event, so candidate positions for the first
    /// byte (in either case) are found eight bytes at a time; only words holding one are checked
    /// byte by byte.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, foldedNeedle needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        let last = haystack.count - needle.count
        guard last >= 0, let base = haystack.baseAddress else { return false }
        let upper = first &- 0x61 < 26 ? first & ~0x20 : first
        let lowerPattern = UInt64(first) &* 0x0101_0101_0101_0101
        let upperPattern = UInt64(upper) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= last + 1 {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasZeroByte(word ^ lowerPattern) || hasZeroByte(word ^ upperPattern) {
                for candidate in offset..<(offset + 8) where fold(haystack[candidate]) == first {
                    if matches(haystack, at: candidate, needle, ignoringCase: true) { return true }
                }
            }
            offset += 8
        }
        while offset <= last {
            if fold(haystack[offset]) == first, matches(haystack, at: offset, needle, ignoringCase: true) {
                return true
            }
            offset += 1
        }
        return false
    }

    /// Whether some byte of `word` is zero. May report a zero above a real one (borrows carry),
    /// never misses one, which is all a prefilter needs.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }
}
