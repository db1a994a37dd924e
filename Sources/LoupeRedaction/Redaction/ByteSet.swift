/// A set of byte values as a 256-bit map: which bytes occur in a text, or which bytes may start a
/// match. The redactor builds one per scanned string to skip rules that cannot match it.
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    /// Every byte value.
    static let all = ByteSet(words: (.max, .max, .max, .max))

    private init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

    /// The set of `members`, a few bytes listed by hand or read off keywords.
    init(_ members: some Sequence<UInt8>) {
        for byte in members { insert(byte) }
    }

    /// The set of the bytes in `bytes`.
    init(of bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 256 else {
            // Short strings (most JSON values and headers): set bits directly.
            var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
            for byte in bytes {
                let bit = UInt64(1) &<< UInt64(byte & 63)
                switch byte >> 6 {
                case 0: w0 |= bit
                case 1: w1 |= bit
                case 2: w2 |= bit
                default: w3 |= bit
                }
            }
            words = (w0, w1, w2, w3)
            return
        }
        // Long texts: a byte-per-value table and one store per input byte, no branch in the loop;
        // folding the table into bits costs a fixed 256 steps.
        words = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { seen in
            seen.initialize(repeating: 0)
            for byte in bytes { seen[Int(byte)] = 1 }
            func word(_ base: Int) -> UInt64 {
                var word: UInt64 = 0
                for bit in 0..<64 where seen[base + bit] != 0 { word |= 1 << UInt64(bit) }
                return word
            }
            return (word(0), word(64), word(128), word(192))
        }
    }

    /// The union of two sets.
    func union(_ other: ByteSet) -> ByteSet {
        var result = self
        result.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2,
                        words.3 | other.words.3)
        return result
    }

    /// A set read from PCRE2's 32-byte start bitmap (bit `b % 8` of byte `b / 8` stands for `b`).
    init(bitmap: UnsafePointer<UInt8>) {
        for byte in 0...255 where bitmap[byte >> 3] & (1 << (byte & 7)) != 0 {
            insert(UInt8(byte))
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) &<< UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Inserts `byte` and, for an ASCII letter, its other case.
    mutating func insertCaseInsensitive(_ byte: UInt8) {
        insert(byte)
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { insert(byte ^ 0x20) }
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) &<< UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Whether the two sets share a byte.
    func intersects(_ other: ByteSet) -> Bool {
        words.0 & other.words.0 != 0 || words.1 & other.words.1 != 0 || words.2 & other.words.2 != 0
            || words.3 & other.words.3 != 0
    }

    var isEmpty: Bool { words == (0, 0, 0, 0) }

    /// Whether every byte of this set is also in `other`.
    func isSubset(of other: ByteSet) -> Bool {
        words.0 & ~other.words.0 == 0 && words.1 & ~other.words.1 == 0 && words.2 & ~other.words.2 == 0
            && words.3 & ~other.words.3 == 0
    }

    /// This set with every ASCII upper-case letter also present as its lower-case letter, for
    /// comparing against lower-cased keywords.
    var foldingASCIICase: ByteSet {
        var folded = self
        // 'A'...'Z' are bits 1...26 of word 1 and 'a'...'z' are bits 33...58 of the same word.
        let upper: UInt64 = 0x07FF_FFFE
        folded.words.1 |= (words.1 & upper) << 32
        return folded
    }
}
