/// Where every match of a rule starts relative to its keywords, when the pattern says so: a
/// pattern that begins (after lookarounds) with fixed bytes containing a keyword, such as
/// `(?<![A-Za-z0-9])00[A-Za-z0-9_-]{40}` with keyword `00` or `[tT][oO][kK][eE][nN]…` with keyword
/// `oken`. In a large text such a rule is tried only at each keyword occurrence minus
/// ``offset``, anchored there, instead of over the lines around it: one short match attempt in
/// place of a search through a line, for rules whose keywords occur a hundred thousand times in
/// a few megabytes.
///
/// The analysis reads the pattern's text and gives up (nil) on anything it does not fully
/// understand, so an anchor is only ever claimed when it holds for every match.
struct KeywordAnchor: Sendable, Equatable {
    /// The keywords (lower-case) one of which occurs at ``offset`` bytes past every match start.
    var keywords: [String]
    /// How far past a match's start the keyword lies.
    var offset: Int

    /// How many byte strings the fixed start of a pattern may stand for before the analysis gives
    /// up on it (`[tT][oO][kK][eE][nN]` stands for 32).
    static let maximumVariants = 64

    /// The anchor of a pattern with these keywords, if its fixed start proves one.
    static func of(pattern: String, keywords: [String]) -> KeywordAnchor? {
        let wanted = Set(keywords.map { Array($0.utf8).map(KeywordIndex.lowercased) }.filter { !$0.isEmpty })
        let bytes = Array(pattern.utf8)
        guard !wanted.isEmpty, let (start, end) = fixedStart(of: bytes) else { return nil }
        // The keyword window over the fixed start whose every variant is a keyword; the shortest
        // offset wins, then the longest window. Only a keyword's length can be one: spelling out
        // the variants of every other window took a tenth of `loupe redact`'s start-up.
        let lengths = Set(wanted.map(\.count))
        for offset in 0..<start.count {
            for length in stride(from: start.count - offset, through: 1, by: -1) where lengths.contains(length) {
                guard let variants = variants(of: start[offset..<(offset + length)]),
                      variants.allSatisfy(wanted.contains)
                else { continue }
                return KeywordAnchor(variants: variants, offset: offset)
            }
        }
        // Else a group right after the fixed start whose every alternative is a keyword:
        // `(?:/|%2[Ff])` after the two digits of a month.
        guard let alternatives = groupAlternatives(in: bytes, at: end)?.alternatives else { return nil }
        var variants: [[UInt8]] = []
        for alternative in alternatives {
            guard let spelled = self.variants(of: alternative[...]), spelled.allSatisfy(wanted.contains) else { return nil }
            variants += spelled
        }
        return KeywordAnchor(variants: variants, offset: start.count)
    }

    /// The alternatives of the non-capturing group opening at `position`, each a sequence of
    /// single bytes and byte classes without quantifiers, and where the group ends; nil for any
    /// other construct, and for a group with a quantifier.
    private static func groupAlternatives(in pattern: [UInt8], at position: Int)
        -> (alternatives: [[Set<UInt8>]], end: Int)?
    {
        guard pattern[position...].starts(with: Array("(?:".utf8)), let end = groupEnd(in: pattern, from: position),
              end == pattern.count || !Array("?*+{".utf8).contains(pattern[end])
        else { return nil }
        var alternatives: [[Set<UInt8>]] = [[]]
        var index = position + 3
        while index < end - 1 {
            if pattern[index] == UInt8(ascii: "|") {
                alternatives.append([])
                index += 1
                continue
            }
            guard let (set, next) = atom(in: pattern, at: index), next <= end - 1,
                  next == end - 1 || !Array("?*+{".utf8).contains(pattern[next])
            else { return nil }
            alternatives[alternatives.count - 1].append(set)
            index = next
        }
        return alternatives.contains(where: \.isEmpty) ? nil : (alternatives, end)
    }

    /// The bytes that, right before where a match would start, rule a match out: the ASCII
    /// members of the one-class negative lookbehinds the pattern starts with, such as
    /// `(?<![A-Za-z0-9_-])` before `eyJ` or `(?<![A-Za-z0-9_+/-])` before `00`. An anchored
    /// attempt after such a byte cannot match, so it is skipped without calling PCRE2: most
    /// occurrences of short keywords (`00` in a number, `yj` or `key` inside a word) are those.
    ///
    /// Only what is certain counts: lookbehinds that are not a single class or byte, classes with
    /// escapes such as `\w` or non-ASCII members, and every pattern with a top-level alternative
    /// contribute nothing. An ASCII byte is a whole character even in invalid UTF-8, so the
    /// lookbehind sees exactly it; under `(?i)` the class matches more, never less.
    static func excludedPrecedingBytes(of pattern: String) -> ByteSet {
        var excluded = ByteSet()
        guard let start = zeroWidthStart(of: Array(pattern.utf8)) else { return excluded }
        for body in start.negativeLookbehinds {
            guard !body.isEmpty, let (members, end) = atom(in: Array(body), at: 0, longestRange: 255), end == body.count
            else { continue }
            for member in members { excluded.insert(member) }
        }
        return excluded
    }

    /// What the byte right after a pattern's fixed start (``fixedStart(of:)``, which holds the
    /// keyword of an anchored rule) must be, when the pattern says so: the bytes of the construct
    /// that follows it, when that is a byte or class that must occur at least once (`x+`,
    /// `[A-Z]{10,}`), or a positive lookahead whose body starts with one (`(?=[\"' \t:=])`),
    /// possibly after other lookarounds. `token` in `maxTokens` is followed by `s`, which
    /// `[tT][oO][kK][eE][nN](?=[\"' \t:=])` rules out without calling PCRE2.
    ///
    /// Letters are taken in both cases (a `(?i)` may be in force). Nil when anything else
    /// follows, or nothing can be said.
    static func followingBytes(of pattern: String) -> (offset: Int, bytes: ByteSet)? {
        let bytes = Array(pattern.utf8)
        guard let (sets, end) = fixedStart(of: bytes), !sets.isEmpty else { return nil }
        var position = end
        while position < bytes.count {
            let rest = bytes[position...]
            if rest.starts(with: Array("(?=".utf8)) {
                guard let close = groupEnd(in: bytes, from: position) else { return nil }
                let body = Array(bytes[(position + 3)..<(close - 1)])
                guard !hasTopLevelAlternative(body), let members = requiredAtom(in: body, at: 0) else { return nil }
                return (sets.count, members)
            }
            if rest.starts(with: Array("(?!".utf8)) || rest.starts(with: Array("(?<!".utf8))
                || rest.starts(with: Array("(?<=".utf8))
            {
                // Zero-width: they look, the next byte is still the one after the fixed start.
                guard let close = groupEnd(in: bytes, from: position) else { return nil }
                position = close
                continue
            }
            return requiredAtom(in: bytes, at: position).map { (sets.count, $0) }
        }
        return nil
    }

    /// The bytes (both cases of letters) of the byte or class at `position`, when it must occur
    /// there at least once: no quantifier, or one whose minimum is at least 1.
    private static func requiredAtom(in pattern: [UInt8], at position: Int) -> ByteSet? {
        guard position < pattern.count, let (members, next) = atom(in: pattern, at: position, longestRange: 255) else {
            return nil
        }
        if next < pattern.count {
            switch pattern[next] {
            case UInt8(ascii: "?"), UInt8(ascii: "*"): return nil
            case UInt8(ascii: "{"):
                // `{n}`, `{n,}` or `{n,m}`: only a minimum of at least one keeps the byte required.
                guard next + 1 < pattern.count, pattern[next + 1] >= UInt8(ascii: "1"), pattern[next + 1] <= UInt8(ascii: "9")
                else { return nil }
            default: break
            }
        }
        var set = ByteSet()
        for member in members { set.insertCaseInsensitive(member) }
        return set
    }

    /// The zero-width constructs a pattern starts with, all of which look at a match's start:
    /// lookarounds, word boundaries, `^` and inline flags. Gives the bodies of the negative
    /// lookbehinds among them and where the pattern's first consuming construct begins; nil when
    /// the pattern has a top-level alternative (`a|b`) or a group that does not close, which
    /// could let a match start otherwise.
    private static func zeroWidthStart(of pattern: [UInt8]) -> (negativeLookbehinds: [ArraySlice<UInt8>], end: Int)? {
        guard !hasTopLevelAlternative(pattern) else { return nil }
        var lookbehinds: [ArraySlice<UInt8>] = []
        var position = 0
        while position < pattern.count {
            let rest = pattern[position...]
            if let opener = ["(?<!", "(?<=", "(?=", "(?!"].first(where: { rest.starts(with: Array($0.utf8)) }) {
                guard let end = groupEnd(in: pattern, from: position) else { return nil }
                if opener == "(?<!" { lookbehinds.append(pattern[(position + 4)..<(end - 1)]) }
                position = end
            } else if rest.starts(with: Array(#"\b"#.utf8)) || rest.starts(with: Array(#"\B"#.utf8)) {
                position += 2
            } else if pattern[position] == UInt8(ascii: "^") {
                position += 1
            } else if rest.starts(with: Array("(?".utf8)), let end = rest.firstIndex(of: UInt8(ascii: ")")),
                      pattern[(position + 2)..<end].allSatisfy({ Array("imsn-".utf8).contains($0) })
            {
                // Inline flags: case does not matter to keywords; (?x) would change the syntax.
                position = end + 1
            } else {
                break
            }
        }
        return (lookbehinds, position)
    }

    /// Every byte string (lower-cased) that the byte sets `sets` stand for, or nil when there are
    /// more than ``maximumVariants``.
    private static func variants(of sets: ArraySlice<Set<UInt8>>) -> [[UInt8]]? {
        var result: [[UInt8]] = [[]]
        for set in sets {
            let lowered = Set(set.map(KeywordIndex.lowercased))
            guard result.count * lowered.count <= maximumVariants else { return nil }
            result = result.flatMap { prefix in lowered.sorted().map { prefix + [$0] } }
        }
        return result
    }

    /// The byte sets of the fixed bytes every match starts with: one set per byte, read up to
    /// the first construct that is not a single byte, a small byte class or a non-capturing
    /// group of such alternatives all of one length, without a quantifier. Nil when the pattern
    /// has a top-level alternative (`a|b`), extended syntax or anything else that could let a
    /// match start otherwise. Also gives where in the pattern the fixed start ends.
    private static func fixedStart(of pattern: [UInt8]) -> (sets: [Set<UInt8>], end: Int)? {
        guard var position = zeroWidthStart(of: pattern)?.end else { return nil }
        var sets: [Set<UInt8>] = []
        while position < pattern.count {
            if let (alternatives, end) = groupAlternatives(in: pattern, at: position) {
                // A group of alternatives of one length (`(?:0[1-9]|1[0-2])`) is as fixed as a
                // class per byte: each byte may be any of the alternatives' bytes there.
                guard let length = alternatives.first?.count, alternatives.allSatisfy({ $0.count == length }) else { break }
                sets += (0..<length).map { index in alternatives.reduce(into: Set<UInt8>()) { $0.formUnion($1[index]) } }
                position = end
                continue
            }
            guard let (set, next) = atom(in: pattern, at: position) else { break }
            if next < pattern.count, Array("?*+{".utf8).contains(pattern[next]) { break }
            sets.append(set)
            position = next
        }
        return (sets, position)
    }

    /// One byte or byte class at `position`: its bytes and where the pattern goes on. A class
    /// range may span at most `longestRange` bytes (a fixed start with `[a-z]` would stand for
    /// too many strings).
    private static func atom(in pattern: [UInt8], at position: Int, longestRange: UInt8 = 10) -> (Set<UInt8>, Int)? {
        let byte = pattern[position]
        switch byte {
        case UInt8(ascii: "\\"):
            guard position + 1 < pattern.count, let escaped = literalEscape(pattern[position + 1]) else { return nil }
            return ([escaped], position + 2)
        case UInt8(ascii: "["):
            return byteClass(in: pattern, at: position, longestRange: longestRange)
        case _ where Array(#"^$.|?*+()[]{}"#.utf8).contains(byte), 0x80...:
            // Metacharacters end the fixed start, and so does a multi-byte character (keywords
            // are compared byte by byte, its bytes would need to be kept together).
            return nil
        default:
            return ([byte], position + 1)
        }
    }

    /// A class such as `[tT]`, `[12]` or `[\-_]`: no negation, no class escapes, ranges of at
    /// most `longestRange` bytes.
    private static func byteClass(in pattern: [UInt8], at position: Int, longestRange: UInt8) -> (Set<UInt8>, Int)? {
        var index = position + 1
        guard index < pattern.count, pattern[index] != UInt8(ascii: "^") else { return nil }
        var set: Set<UInt8> = []
        var previous: UInt8?
        while index < pattern.count {
            var byte = pattern[index]
            if byte == UInt8(ascii: "]"), index > position + 1 { return set.isEmpty ? nil : (set, index + 1) }
            if byte == UInt8(ascii: "["), index + 1 < pattern.count, pattern[index + 1] == UInt8(ascii: ":") { return nil }
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < pattern.count, let escaped = literalEscape(pattern[index + 1]) else { return nil }
                byte = escaped
                index += 1
            } else if byte == UInt8(ascii: "-"), let low = previous, index + 1 < pattern.count,
                      pattern[index + 1] != UInt8(ascii: "]")
            {
                let high = pattern[index + 1]
                guard high != UInt8(ascii: "\\"), high >= low, high - low <= longestRange else { return nil }
                for member in low...high { set.insert(member) }
                previous = nil
                index += 2
                continue
            }
            set.insert(byte)
            previous = byte
            index += 1
        }
        return nil
    }

    /// The byte an escape stands for when it is an escaped punctuation byte (`\.`, `\+`, `\/`)
    /// or a tab, line feed or carriage return (`\t`, `\n`, `\r`).
    private static func literalEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        default:
            return byte < 0x80 && !(byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && byte > 0x20 ? byte : nil
        }
    }

    /// Where the group opening at `position` ends (past its `)`), skipping escapes and classes.
    private static func groupEnd(in pattern: [UInt8], from position: Int) -> Int? {
        var depth = 0, index = position
        while index < pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): guard let end = classEnd(in: pattern, from: index) else { return nil }; index = end - 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Where the class opening at `position` ends (past its `]`).
    private static func classEnd(in pattern: [UInt8], from position: Int) -> Int? {
        var index = position + 1
        if index < pattern.count, pattern[index] == UInt8(ascii: "^") { index += 1 }
        if index < pattern.count, pattern[index] == UInt8(ascii: "]") { index += 1 }  // a leading ] is a member
        while index < pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["):
                // A POSIX class such as [:alpha:] inside the class.
                if index + 1 < pattern.count, pattern[index + 1] == UInt8(ascii: ":"),
                   let close = pattern[(index + 2)...].firstIndex(of: UInt8(ascii: "]"))
                {
                    index = close
                }
            case UInt8(ascii: "]"): return index + 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether a `|` outside every group and class splits the pattern into alternatives. Also
    /// true for syntax this reader does not follow (`\Q…\E` quoting) and for `\K`, which moves
    /// the reported start of a match away from where the attempt began.
    private static func hasTopLevelAlternative(_ pattern: [UInt8]) -> Bool {
        var depth = 0, index = 0
        while index < pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < pattern.count, [UInt8(ascii: "Q"), UInt8(ascii: "K")].contains(pattern[index + 1]) { return true }
                index += 1
            case UInt8(ascii: "["):
                guard let end = classEnd(in: pattern, from: index) else { return true }
                index = end - 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "|") where depth == 0: return true
            default: break
            }
            index += 1
        }
        return depth != 0
    }
}

extension KeywordAnchor {
    /// An anchor at `offset` on these keyword spellings (lower-case bytes, repeats allowed).
    fileprivate init(variants: [[UInt8]], offset: Int) {
        self.init(keywords: Set(variants).map { String(decoding: $0, as: UTF8.self) }.sorted(), offset: offset)
    }
}
