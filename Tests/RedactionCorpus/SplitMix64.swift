import Foundation

/// The SplitMix64 generator: tiny, fast and fully deterministic across platforms, so a seed
/// always yields the same corpus (this one and loupe-bench's `TrafficCorpus`).
public struct SplitMix64: Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (the modulo bias is irrelevant at these sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: Range<Int>) -> Int { int(range.lowerBound...(range.upperBound - 1)) }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// `count` characters drawn from `alphabet`.
    mutating func string(_ alphabet: Alphabet, _ count: Int) -> String {
        let characters = alphabet.characters
        var result = ""
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(characters[int(0..<characters.count)]) }
        return result
    }

    /// A random version-4 UUID in lower case.
    mutating func uuid() -> String {
        let a = next(), b = next()
        let hex = String(format: "%016llx%016llx", a, b)
        var chars = Array(hex)
        chars[12] = "4"
        chars[16] = Array("89ab")[Int(b >> 60) & 3]
        let s = String(chars)
        return "\(s.prefix(8))-\(s.dropFirst(8).prefix(4))-\(s.dropFirst(12).prefix(4))-\(s.dropFirst(16).prefix(4))-\(s.dropFirst(20))"
    }

    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}

/// The character sets that documented secret formats are written in.
struct Alphabet: Sendable {
    let characters: [Character]
    init(_ text: String) { characters = Array(text) }

    static let digits = Alphabet("0123456789")
    static let hex = Alphabet("0123456789abcdef")
    static let upperHex = Alphabet("0123456789ABCDEF")
    static let lower = Alphabet("abcdefghijklmnopqrstuvwxyz")
    static let upper = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let alpha = Alphabet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let lowerAlnum = Alphabet("abcdefghijklmnopqrstuvwxyz0123456789")
    static let upperAlnum = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    /// Base62: `[A-Za-z0-9]`.
    static let alnum = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    static let base64 = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    /// `[A-Za-z0-9_-]`, the URL-safe base64 alphabet.
    static let base64URL = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    /// RFC 4648 base32.
    static let base32 = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    /// Bech32's data characters, upper case (age secret keys).
    static let bech32Upper = Alphabet("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
    /// The alphabet of crypt(3) salts and hashes.
    static let crypt = Alphabet("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    /// Printable symbols people put in passwords and that every config syntax here can hold
    /// unquoted or single-quoted (no quotes, backslash, `#`, `;` or spaces).
    static let passwordSymbols = Alphabet("!*-_.@%^+=~$&")
}
