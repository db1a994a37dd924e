/// A glob with `*` wildcards (matching any run of characters, including none), split into its
/// literal pieces at parse time. Used for `host:`, `path:` and `rule:`.
struct FilterPattern: Hashable, Sendable {
    /// The pattern as rendered: folded to lower case when it ignores case.
    let text: String
    let ignoresCase: Bool
    /// The literal runs between `*`s; a pattern without `*` has exactly one.
    private let pieces: [[UInt8]]

    init(_ text: String, ignoresCase: Bool) {
        self.ignoresCase = ignoresCase
        let bytes = ignoresCase ? FilterBytes.folded(text) : Array(text.utf8)
        self.text = String(decoding: bytes, as: UTF8.self)
        pieces = bytes.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
    }

    static func == (lhs: FilterPattern, rhs: FilterPattern) -> Bool {
        lhs.text == rhs.text && lhs.ignoresCase == rhs.ignoresCase
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(ignoresCase)
    }

    var hasWildcard: Bool { pieces.count > 1 }

    /// Whether the pattern matches all of `bytes`.
    func matchesWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pieces[0].withUnsafeBufferPointer { first in
            guard pieces.count > 1 else {
                return bytes.count == first.count && FilterBytes.matches(bytes, at: 0, first, ignoringCase: ignoresCase)
            }
            return pieces[pieces.count - 1].withUnsafeBufferPointer { last in
                guard bytes.count >= first.count + last.count,
                      FilterBytes.matches(bytes, at: 0, first, ignoringCase: ignoresCase),
                      FilterBytes.matches(bytes, at: bytes.count - last.count, last, ignoringCase: ignoresCase)
                else { return false }
                // Leftmost placement of each middle piece is optimal for `*`-only globs: it leaves
                // the most room for the pieces after it.
                return placesMiddlePieces(in: bytes, from: first.count, limit: bytes.count - last.count,
                                          through: pieces.count - 1)
            }
        }
    }

    /// Whether the pattern matches a prefix of `bytes`, as if it ended with `*`.
    func matchesPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pieces[0].withUnsafeBufferPointer { first in
            FilterBytes.matches(bytes, at: 0, first, ignoringCase: ignoresCase)
                && placesMiddlePieces(in: bytes, from: first.count, limit: bytes.count, through: pieces.count)
        }
    }

    /// Whether the pattern matches the host or one of its parent domains, so `example.com`
    /// matches `api.example.com` but not `badexample.com`.
    func matchesHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        if !hasWildcard {
            // Without wildcards only one suffix can match: the one as long as the pattern.
            let length = pieces[0].count
            guard host.count >= length else { return false }
            guard host.count == length || host[host.count - length - 1] == UInt8(ascii: ".") else { return false }
            return pieces[0].withUnsafeBufferPointer {
                FilterBytes.matches(host, at: host.count - length, $0, ignoringCase: ignoresCase)
            }
        }
        if matchesWhole(host) { return true }
        for index in host.indices where host[index] == UInt8(ascii: ".") {
            if matchesWhole(UnsafeBufferPointer(rebasing: host[(index + 1)...])) { return true }
        }
        return false
    }

    /// Whether the pattern matches the rule id or a `-`-separated prefix of it, so `aws` matches
    /// `aws-access-key-id`.
    func matchesRule(_ rule: UnsafeBufferPointer<UInt8>) -> Bool {
        if matchesWhole(rule) { return true }
        for index in rule.indices where rule[index] == UInt8(ascii: "-") {
            if matchesWhole(UnsafeBufferPointer(rebasing: rule[..<index])) { return true }
        }
        return false
    }

    /// Places `pieces[1..<end]` left to right in `bytes[start..<limit]`.
    private func placesMiddlePieces(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int,
                                    through end: Int) -> Bool {
        var position = start
        var index = 1
        while index < end {
            let found = pieces[index].withUnsafeBufferPointer {
                FilterBytes.firstOffset(of: $0, in: bytes, from: position, limit: limit, ignoringCase: ignoresCase)
            }
            guard let found else { return false }
            position = found + pieces[index].count
            index += 1
        }
        return true
    }
}
