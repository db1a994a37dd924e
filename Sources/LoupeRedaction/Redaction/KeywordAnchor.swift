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
        guard !wanted.isEmpty, let start = fixedStart(of: Array(pattern.utf8)), !start.isEmpty else { return nil }
        // The keyword window over the fixed start whose every variant is a keyword; the shortest
        // offset wins, then the longest window.
        for offset in 0..<start.count {
            for length in stride(from: start.count - offset, through: 1, by: -1) {
                guard let variants = variants(of: start[offset..<(offset + length)]),
                      variants.allSatisfy(wanted.contains)
                else { continue }
                let used = Set(variants).map { String(decoding: $0, as: UTF8.self) }.sorted()
                return KeywordAnchor(keywords: used, offset: offset)
            }
        }
        return nil
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
        let pattern = Array(pattern.utf8)
        var excluded = ByteSet()
        guard !hasTopLevelAlternative(pattern) else { return excluded }
        var position = 0
        // The zero-width constructs at the start all look at the match's start.
        while position < pattern.count {
            if pattern[position...].starts(with: Array("(?<!".utf8)) || pattern[position...].starts(with: Array("(?<=".utf8))
                || pattern[position...].starts(with: Array("(?=".utf8)) || pattern[position...].starts(with: Array("(?!".utf8))
            {
                guard let end = groupEnd(in: pattern, from: position) else { break }
                if pattern[position...].starts(with: Array("(?<!".utf8)), let members = lookbehindMembers(pattern[(position + 4)..<(end - 1)]) {
                    for member in members { excluded.insert(member) }
                }
                position = end
            } else if pattern[position...].starts(with: Array(#"\b"#.utf8)) || pattern[position...].starts(with: Array(#"\B"#.utf8)) {
                position += 2
            } else if pattern[position] == UInt8(ascii: "^") {
                position += 1
            } else if pattern[position...].starts(with: Array("(?".utf8)), let end = pattern[position...].firstIndex(of: UInt8(ascii: ")")),
                      pattern[(position + 2)..<end].allSatisfy({ Array("imsn-".utf8).contains($0) })
            {
                position = end + 1
            } else {
                break
            }
        }
        return excluded
    }

    /// The bytes of a lookbehind body that is one ASCII byte, one escaped punctuation byte or one
    /// class of such bytes and ASCII ranges (`[A-Za-z0-9_.$-]`), or nil.
    private static func lookbehindMembers(_ body: ArraySlice<UInt8>) -> [UInt8]? {
        guard let first = body.first else { return nil }
        if body.count == 1, first < 0x80, !Array(#"^$.|?*+()[]{}\"#.utf8).contains(first) { return [first] }
        if body.count == 2, first == UInt8(ascii: "\\"), let escaped = literalEscape(body[body.startIndex + 1]) { return [escaped] }
        guard first == UInt8(ascii: "["), body.last == UInt8(ascii: "]"), body.count > 2 else { return nil }
        let members = Array(body.dropFirst().dropLast())
        guard members.first != UInt8(ascii: "^"), !members.contains(UInt8(ascii: "[")), !members.contains(UInt8(ascii: "]")) else {
            return nil
        }
        var bytes: [UInt8] = []
        var index = 0
        while index < members.count {
            guard let (low, next) = classMember(members, at: index) else { return nil }
            // A `-` between two members makes a range; first or last, it is a member itself.
            if next + 1 < members.count, members[next] == UInt8(ascii: "-") {
                guard let (high, after) = classMember(members, at: next + 1), high >= low else { return nil }
                bytes += Array(low...high)
                index = after
            } else {
                bytes.append(low)
                index = next
            }
        }
        return bytes
    }

    /// The ASCII byte of a class member at `index` (plain, or escaped punctuation) and where the
    /// next member starts, or nil for anything else.
    private static func classMember(_ members: [UInt8], at index: Int) -> (UInt8, Int)? {
        let byte = members[index]
        guard byte < 0x80 else { return nil }
        guard byte == UInt8(ascii: "\\") else { return (byte, index + 1) }
        guard index + 1 < members.count, let escaped = literalEscape(members[index + 1]) else { return nil }
        return (escaped, index + 2)
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
    /// the first construct that is not a single byte or a small byte class without a
    /// quantifier. Nil when the pattern has a top-level alternative (`a|b`), extended syntax or
    /// anything else that could let a match start otherwise.
    static func fixedStart(of pattern: [UInt8]) -> [Set<UInt8>]? {
        guard !hasTopLevelAlternative(pattern) else { return nil }
        var position = 0
        // Zero-width constructs at the start: lookarounds, word boundaries, inline flags.
        while position < pattern.count {
            if pattern[position...].starts(with: Array("(?<!".utf8)) || pattern[position...].starts(with: Array("(?<=".utf8))
                || pattern[position...].starts(with: Array("(?=".utf8)) || pattern[position...].starts(with: Array("(?!".utf8))
            {
                guard let end = groupEnd(in: pattern, from: position) else { return nil }
                position = end
            } else if pattern[position...].starts(with: Array(#"\b"#.utf8)) || pattern[position...].starts(with: Array(#"\B"#.utf8)) {
                position += 2
            } else if pattern[position] == UInt8(ascii: "^") {
                position += 1
            } else if pattern[position...].starts(with: Array("(?".utf8)), let end = pattern[position...].firstIndex(of: UInt8(ascii: ")")),
                      pattern[(position + 2)..<end].allSatisfy({ Array("imsn-".utf8).contains($0) })
            {
                // Inline flags: case does not matter to keywords; (?x) would change the syntax.
                position = end + 1
            } else {
                break
            }
        }
        var sets: [Set<UInt8>] = []
        while position < pattern.count {
            guard let (set, next) = atom(in: pattern, at: position) else { break }
            if next < pattern.count, Array("?*+{".utf8).contains(pattern[next]) { break }
            sets.append(set)
            position = next
        }
        return sets
    }

    /// One byte or byte class at `position`: its bytes and where the pattern goes on.
    private static func atom(in pattern: [UInt8], at position: Int) -> (Set<UInt8>, Int)? {
        let byte = pattern[position]
        switch byte {
        case UInt8(ascii: "\\"):
            guard position + 1 < pattern.count, let escaped = literalEscape(pattern[position + 1]) else { return nil }
            return ([escaped], position + 2)
        case UInt8(ascii: "["):
            return byteClass(in: pattern, at: position)
        case _ where Array(#"^$.|?*+()[]{}"#.utf8).contains(byte), 0x80...:
            // Metacharacters end the fixed start, and so does a multi-byte character (keywords
            // are compared byte by byte, its bytes would need to be kept together).
            return nil
        default:
            return ([byte], position + 1)
        }
    }

    /// A class such as `[tT]`, `[12]` or `[\-_]`: no negation, no class escapes, ranges of at
    /// most ten bytes.
    private static func byteClass(in pattern: [UInt8], at position: Int) -> (Set<UInt8>, Int)? {
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
                guard high != UInt8(ascii: "\\"), high >= low, high - low <= 10 else { return nil }
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

    /// The byte an escape stands for when it is an escaped punctuation byte (`\.`, `\+`, `\/`).
    private static func literalEscape(_ byte: UInt8) -> UInt8? {
        byte < 0x80 && !(byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && byte > 0x20 ? byte : nil
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
