import Foundation
import LoupeRedaction

/// Decides whether a planted secret survived redaction.
///
/// A secret of 8 or more characters leaks when the output holds it whole, or holds any
/// contiguous piece of it of `max(8, ceil(length / 3))` characters that is not also in the
/// text around the planted secret (so a half-redacted token leaks, a card masked as `****1111`
/// does not, and a piece that merely repeats a key name next to it does not count). A shorter
/// secret (a CVC, an expiry) leaks when the output still holds it with the characters on both
/// sides of where it was planted (as a token of its own, not inside a longer run of letters or
/// digits), since three digits alone occur anywhere by chance.
/// Redaction placeholders (`[REDACTED:…]`, `[rule:hash]`, `****1234`) are blanked out of the
/// output first, and a secret is also looked for percent-decoded and JSON-unescaped, in case
/// the redactor re-encoded the text around it.
enum LeakCheck {
    static func isLeaked(_ secret: String, of sample: LabelledSample, in output: String) -> Bool {
        let cleaned = blankingPlaceholders(output)
        let input = Array(sample.text.utf8)
        let allVariants = sample.secrets.flatMap(variants)
        for variant in variants(of: secret) {
            let needle = Array(variant.utf8)
            if needle.count >= 8 {
                if contains(cleaned, needle[...]) { return true }
                let k = max(8, (needle.count + 2) / 3)
                let context = Set(grams(blanking(allVariants.map { Array($0.utf8) }, in: input), k))
                let present = Set(grams(cleaned, k))
                for start in 0...(needle.count - k) {
                    let piece = needle[start..<(start + k)]
                    if present.contains(piece), !context.contains(piece) { return true }
                }
            } else {
                // A short secret is planted as a token of its own: occurrences inside a longer
                // run of letters or digits (the `123` of `1234`) are not where it was planted.
                let all = occurrences(of: needle[...], in: input)
                let standalone = all.filter { offset in
                    let before = offset > 0 ? input[offset - 1] : 0x20
                    let after = offset + needle.count < input.count ? input[offset + needle.count] : 0x20
                    return !isAlphanumeric(before) && !isAlphanumeric(after)
                }
                for offset in standalone.isEmpty ? all : standalone {
                    let lower = max(0, offset - 1), upper = min(input.count, offset + needle.count + 1)
                    if contains(cleaned, input[lower..<upper]) { return true }
                }
            }
        }
        return false
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The secret as planted, percent-decoded (once and twice) and JSON-unescaped.
    static func variants(of secret: String) -> [String] {
        var result = [secret]
        if secret.contains("%") {
            if let once = secret.removingPercentEncoding {
                result.append(once)
                if let twice = once.removingPercentEncoding { result.append(twice) }
            }
            if let plus = secret.replacingOccurrences(of: "+", with: " ").removingPercentEncoding { result.append(plus) }
        }
        if secret.contains("\\") {
            result.append(secret.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\"))
        }
        var seen = Set<String>()
        return result.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    static func blankingPlaceholders(_ output: String) -> [UInt8] {
        var bytes = Array(output.utf8)
        for range in RedactionPlaceholder.ranges(in: output).reversed() {
            bytes.replaceSubrange(range, with: [0])
        }
        return bytes
    }

    /// `text` with every occurrence of each needle replaced by one NUL byte.
    static func blanking(_ needles: [[UInt8]], in text: [UInt8]) -> [UInt8] {
        var result = text
        for needle in needles.sorted(by: { $0.count > $1.count }) where !needle.isEmpty {
            for offset in occurrences(of: needle[...], in: result).reversed() {
                result.replaceSubrange(offset..<(offset + needle.count), with: [0])
            }
        }
        return result
    }

    static func grams(_ bytes: [UInt8], _ k: Int) -> [ArraySlice<UInt8>] {
        guard bytes.count >= k else { return [] }
        return (0...(bytes.count - k)).map { bytes[$0..<($0 + k)] }
    }

    static func contains(_ haystack: [UInt8], _ needle: ArraySlice<UInt8>) -> Bool {
        !occurrences(of: needle, in: haystack, first: true).isEmpty
    }

    /// Start offsets of non-overlapping occurrences of `needle` in `haystack`.
    static func occurrences(of needle: ArraySlice<UInt8>, in haystack: [UInt8], first: Bool = false) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var result: [Int] = []
        let head = needle.first!
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == head, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                result.append(index)
                if first { return result }
                index += needle.count
            } else {
                index += 1
            }
        }
        return result
    }
}
