import Foundation

/// Shannon entropy of a string, used to tell random-looking secrets (`q8ZkT3vW…`) from words
/// and placeholders (`changeme`, `xxxxxxxx`) after a keyword-anchored match.
public enum ShannonEntropy {
    /// The entropy of the distribution of `text`'s Unicode scalars, in bits per character:
    /// 0 for an empty or single-symbol text, log2(n) for n equally frequent distinct symbols.
    ///
    /// ```swift
    /// ShannonEntropy.bitsPerCharacter("aaaa")   // 0
    /// ShannonEntropy.bitsPerCharacter("abcd")   // 2
    /// ```
    public static func bitsPerCharacter(_ text: some StringProtocol) -> Double {
        if let ascii = asciiBitsPerCharacter(text.utf8) { return ascii }
        var counts: [Unicode.Scalar: Int] = [:]
        var total = 0
        for scalar in text.unicodeScalars {
            counts[scalar, default: 0] += 1
            total += 1
        }
        return entropy(of: counts.values, total: total)
    }

    /// ``bitsPerCharacter(_:)`` of UTF-8 `bytes`, read in place: the redactor checks the secret
    /// group of every match of an entropy rule, thousands per megabyte of traffic.
    static func bitsPerCharacter(utf8 bytes: UnsafeRawBufferPointer) -> Double {
        asciiBitsPerCharacter(bytes) ?? bitsPerCharacter(String(decoding: bytes, as: UTF8.self))
    }

    /// The entropy of ASCII `bytes` (nearly every candidate), counted in a table instead of by
    /// hashing scalars; nil when a byte is not ASCII.
    @inline(__always)
    private static func asciiBitsPerCharacter(_ bytes: some Sequence<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { counts in
            counts.initialize(repeating: 0)
            var total = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                counts[Int(byte)] += 1
                total += 1
            }
            return entropy(of: counts.lazy.filter { $0 > 0 }, total: total)
        }
    }

    /// The entropy of symbols occurring `counts` times each, `total` in all.
    private static func entropy(of counts: some Sequence<Int>, total: Int) -> Double {
        guard total > 0 else { return 0 }
        let length = Double(total)
        var entropy = 0.0
        for count in counts {
            let probability = Double(count) / length
            entropy -= probability * log2(probability)
        }
        return entropy
    }
}
