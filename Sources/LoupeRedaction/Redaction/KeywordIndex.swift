/// The distinct keywords of a rule set, indexed so one pass over a text finds which of them occur
/// (ASCII case-insensitively), however many rules there are.
struct KeywordIndex: Sendable {
    /// Each distinct keyword's bytes, lower-cased.
    let keywords: [[UInt8]]
    /// The (lower-case) bytes each keyword consists of: a keyword whose bytes do not all occur in
    /// a text cannot occur in it, which settles most keywords without searching.
    let byteSets: [ByteSet]
    /// One byte per pair of adjacent bytes, indexed `first | second << 8` (the order of a
    /// little-endian load), non-zero at the anchor pair of every keyword of two or more bytes
    /// (both cases of letters) and wherever the first byte is a one-byte keyword: the search looks
    /// closer only where the byte after the pair is of a class (``thirdByteClasses``) whose bit is
    /// set. A keyword of three or more bytes sets the bit of its byte after the anchor pair; a
    /// shorter one, with no such byte, sets all eight.
    ///
    /// Anchor pairs alone flag one position in four of ordinary traffic: with hundreds of
    /// keywords nearly every common pair (`nt`, `en`, `co`) anchors one, and each flagged position
    /// costs a table lookup, a compare and often a mispredicted branch. The class of the third
    /// byte, tested in the same branch-free step as the pair, leaves about a quarter of them
    /// (0.5 M instead of 1.8 M positions in 8 MB of the bench corpus).
    ///
    /// A keyword's anchor is its rarest pair of adjacent bytes by ``byteFrequency``, not its
    /// first: with hundreds of keywords, first pairs such as `co`, `re` or `te` would flag a
    /// fifth of all positions of ordinary text, while `od`/`di` of `codice` or `eu` of `steuer`
    /// flag few. For a keyword of four or more bytes the anchor is the first pair of one of its
    /// four-byte windows, and a pair that anchors only such keywords (``longAnchor``) is compared
    /// with them only when the window there passes ``windows``. A keyword of three bytes is
    /// anchored at its first pair, so its third byte follows the anchor.
    private let bigrams: [UInt8]
    /// Per pair (indexed like ``bigrams``): ``longAnchor`` where only keywords of four or more
    /// bytes are anchored, ``shortAnchor`` where a keyword of one to three bytes is, whose bytes
    /// have no window to check. Read only at the positions ``bigrams`` flags.
    private let anchorKinds: [UInt8]
    static let longAnchor: UInt8 = 1
    static let shortAnchor: UInt8 = 3
    /// Per byte value: one bit, `1 << class`, for the class of the byte (letters folded to lower
    /// case) among eight, which ``bigrams`` tests the byte after an anchor pair against. The
    /// classes split the bytes of ordinary traffic into eight parts of about equal frequency
    /// (``byteFrequency``), so a class passes about one byte in eight.
    private let thirdByteClasses: [UInt8]
    /// A 65 536-bit filter of the four-byte windows at the anchors of keywords of four or more
    /// bytes, indexed by ``windowHash(_:)``. Even the rarest pair of each of hundreds of keywords
    /// flags about one position in six of ordinary traffic (`yp` of `paypal` is in every
    /// `Content-Type`); the four bytes from it pass at about one in fifty, mostly hash collisions.
    private let windows: [UInt64]
    /// Per pair (indexed like ``bigrams``): the bucket of the multi-byte keywords starting with
    /// it, `bucketItems[bucketStarts[b]..<bucketStarts[b + 1]]`; bucket 0 is empty. Grouping by
    /// pair rather than first byte leaves a hit one or two keywords to compare, not every
    /// keyword starting with `s`.
    private let pairBuckets: [UInt16]
    private let bucketStarts: [Int]
    private let bucketItems: [Int]
    /// Per bucket item: where the keyword's anchor pair lies within it.
    private let bucketOffsets: [Int]
    /// Per bucket item: the keyword's (lower-case) bytes from its anchor on, up to four, as a
    /// little-endian word, and the mask of the bytes it has there. The text's four bytes at a
    /// candidate, folded to lower case once, rule most items out with one compare before the
    /// byte-by-byte one: with hundreds of keywords a bucket holds about three.
    private let bucketHeads: [UInt32]
    private let bucketHeadMasks: [UInt32]
    /// One-byte keywords: whether they occur is read off the text's byte set.
    private let singleBytes: [(keyword: Int, byte: UInt8)]
    /// Per byte value (both cases of a letter): the one-byte keyword it is, or -1.
    private let singleKeyword: [Int]
    /// Every keyword's bytes back to back (`flatBytes[flatStarts[k]..<flatStarts[k + 1]]`), so
    /// the hot loops compare through one raw buffer instead of an array of arrays, whose every
    /// element access retains and releases.
    private let flatBytes: [UInt8]
    private let flatStarts: [Int]

    /// Indexes `allKeywords` (already lower-case; duplicates are merged).
    init(_ allKeywords: [String]) {
        var distinct: [[UInt8]] = []
        var positions: [[UInt8]: Int] = [:]
        for keyword in allKeywords {
            let bytes = Array(keyword.utf8).map(Self.lowercased)
            guard !bytes.isEmpty, positions[bytes] == nil else { continue }
            positions[bytes] = distinct.count
            distinct.append(bytes)
        }
        keywords = distinct
        flatBytes = distinct.flatMap { $0 }
        flatStarts = distinct.reduce(into: [0]) { starts, bytes in starts.append(starts[starts.count - 1] + bytes.count) }
        byteSets = distinct.map(ByteSet.init)
        let classes = Self.thirdByteClasses()
        var bigrams = [UInt8](repeating: 0, count: 65_536)
        var anchorKinds = [UInt8](repeating: 0, count: 65_536)
        var windows = [UInt64](repeating: 0, count: 65_536 / 64)
        var pairBuckets = [UInt16](repeating: 0, count: 65_536)
        var buckets: [[(keyword: Int, offset: Int)]] = [[]]
        var singles = [Int](repeating: -1, count: 256)
        var singleBytes: [(keyword: Int, byte: UInt8)] = []
        for (index, bytes) in distinct.enumerated() {
            guard bytes.count >= 2 else {
                singleBytes.append((index, bytes[0]))
                for first in Self.cases(of: bytes[0]) {
                    singles[Int(first)] = index
                    for second in 0...UInt8.max {
                        bigrams[Int(first) | Int(second) << 8] = 0xFF
                        anchorKinds[Int(first) | Int(second) << 8] |= Self.shortAnchor
                    }
                }
                continue
            }
            let isLong = bytes.count >= 4
            let anchor = (0...(bytes.count - (isLong ? 4 : bytes.count == 3 ? 3 : 2))).min { left, right in
                Self.pairFrequency(bytes[left], bytes[left + 1]) < Self.pairFrequency(bytes[right], bytes[right + 1])
            } ?? 0
            if isLong {
                let hash = Self.windowHash(bytes[anchor..<(anchor + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
                windows[hash >> 6] |= 1 << UInt64(hash & 63)
            }
            // Every case variant of the pair shares the bucket of the lower-case pair.
            let lower = Int(bytes[anchor]) | Int(bytes[anchor + 1]) << 8
            if pairBuckets[lower] == 0 {
                pairBuckets[lower] = UInt16(buckets.count)
                buckets.append([])
            }
            let bucket = pairBuckets[lower]
            buckets[Int(bucket)].append((index, anchor))
            // The class of the byte after the pair, or every class for a two-byte keyword.
            let third = bytes.count > anchor + 2 ? classes[Int(bytes[anchor + 2])] : 0xFF
            for first in Self.cases(of: bytes[anchor]) {
                for second in Self.cases(of: bytes[anchor + 1]) {
                    let pair = Int(first) | Int(second) << 8
                    bigrams[pair] |= third
                    anchorKinds[pair] |= isLong ? Self.longAnchor : Self.shortAnchor
                    pairBuckets[pair] = bucket
                }
            }
        }
        var starts = [0]
        var items: [Int] = []
        var offsets: [Int] = []
        var heads: [UInt32] = [], headMasks: [UInt32] = []
        for bucket in buckets {
            items += bucket.map(\.keyword)
            offsets += bucket.map(\.offset)
            for (keyword, offset) in bucket {
                let head = distinct[keyword][offset...].prefix(4)
                heads.append(head.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
                headMasks.append(UInt32(truncatingIfNeeded: (UInt64(1) << (8 * head.count)) - 1))
            }
            starts.append(items.count)
        }
        bucketHeads = heads
        bucketHeadMasks = headMasks
        self.bigrams = bigrams
        self.anchorKinds = anchorKinds
        thirdByteClasses = classes
        self.windows = windows
        self.pairBuckets = pairBuckets
        bucketStarts = starts
        bucketItems = items
        bucketOffsets = offsets
        singleKeyword = singles
        self.singleBytes = singleBytes
    }

    /// The index of `keyword` in ``keywords``, or nil for an empty keyword.
    func position(of keyword: String) -> Int? {
        let bytes = Array(keyword.utf8).map(Self.lowercased)
        return keywords.firstIndex(of: bytes)
    }

    /// Sets `found[k]` for every keyword `k` with `wanted[k]` that occurs in `text`, whose byte set
    /// folded to lower case is `folded`. One pass like ``occurrences(in:wanted:)``, which stops as
    /// soon as every wanted keyword was found.
    func search(_ text: UnsafeRawBufferPointer, folded: ByteSet, wanted: UnsafeMutableBufferPointer<Bool>,
                found: UnsafeMutableBufferPointer<Bool>) {
        var remaining = 0
        for index in wanted.indices where wanted[index] && !found[index] { remaining += 1 }
        for (keyword, byte) in singleBytes where wanted[keyword] && !found[keyword] && folded.contains(byte) {
            found[keyword] = true
            remaining -= 1
        }
        guard remaining > 0, text.count >= 2 else { return }
        withTables { tables in
            Self.forEachCandidate(in: text, tables: tables, state: &remaining) { position, remaining in
                tables.forEachMultiByteKeyword(in: text, at: position) { keyword, _ in
                    guard wanted[keyword], !found[keyword] else { return }
                    found[keyword] = true
                    remaining -= 1
                }
                return remaining > 0
            }
        }
    }

    /// The positions of every occurrence of each wanted keyword in `text`, ascending, indexed
    /// like ``keywords`` (empty for keywords not wanted). One pass over the text: the pair table
    /// says where a keyword may start, and only there are the keywords starting with that pair
    /// compared.
    func occurrences(in text: UnsafeRawBufferPointer, wanted: [Bool]) -> [[Int]] {
        var result = [[Int]](repeating: [], count: keywords.count)
        let count = text.count
        guard count > 0 else { return result }
        wanted.withUnsafeBufferPointer { wanted in
            withTables { tables in
                // `result` is passed rather than captured: a captured variable is checked for
                // exclusive access at run time on every visit.
                @inline(__always) func visitSingle(_ position: Int, _ result: inout [[Int]]) {
                    let single = tables.singles[Int(text[position])]
                    if single >= 0, wanted[single] { result[single].append(position) }
                }
                Self.forEachCandidate(in: text, tables: tables, state: &result) { position, result in
                    visitSingle(position, &result)
                    tables.forEachMultiByteKeyword(in: text, at: position) { keyword, start in
                        if wanted[keyword] { result[keyword].append(start) }
                    }
                    return true
                }
                visitSingle(count - 1, &result)
            }
        }
        return result
    }

    /// Raw views of the index's tables for the hot loops.
    private struct Tables {
        var bigrams: UnsafeBufferPointer<UInt8>
        var classes: UnsafeBufferPointer<UInt8>
        var anchorKinds: UnsafeBufferPointer<UInt8>
        var windows: UnsafeBufferPointer<UInt64>
        var pairBuckets: UnsafeBufferPointer<UInt16>
        var starts: UnsafeBufferPointer<Int>
        var items: UnsafeBufferPointer<Int>
        var offsets: UnsafeBufferPointer<Int>
        var heads: UnsafeBufferPointer<UInt32>
        var headMasks: UnsafeBufferPointer<UInt32>
        var singles: UnsafeBufferPointer<Int>
        var flat: UnsafeBufferPointer<UInt8>
        var flatStarts: UnsafeBufferPointer<Int>

        /// Calls `body` with each multi-byte keyword whose anchor pair is at `position` (before the
        /// text's last byte) and that occurs there, and the position where it starts.
        @inline(__always)
        func forEachMultiByteKeyword(in text: UnsafeRawBufferPointer, at position: Int, _ body: (Int, Int) -> Void) {
            // Wrapping arithmetic: the indexes are bounded by the tables, and overflow checks on
            // every candidate position cost a fifth of this loop.
            let pair = Int(text[position]) | Int(text[position &+ 1]) << 8
            if anchorKinds[pair] == KeywordIndex.longAnchor {
                // Only keywords of four or more bytes are anchored here: their window must pass.
                guard position &+ 4 <= text.count else { return }
                let window = UInt32(littleEndian: text.loadUnaligned(fromByteOffset: position, as: UInt32.self))
                let hash = KeywordIndex.windowHash(window)
                guard windows[hash &>> 6] &>> UInt64(hash & 63) & 1 != 0 else { return }
            }
            let bucket = Int(pairBuckets[pair])
            var slot = starts[bucket]
            let end = starts[bucket &+ 1]
            let head = KeywordIndex.lowercasedWord(KeywordIndex.word(in: text, at: position))
            while slot < end {
                // Bytes past the text's end read as zero; the full compare still decides.
                if head & headMasks[slot] == heads[slot] {
                    let keyword = items[slot]
                    let start = position &- offsets[slot]
                    if start >= 0, KeywordIndex.matches(flat, flatStarts[keyword], flatStarts[keyword &+ 1], in: text, at: start) {
                        body(keyword, start)
                    }
                }
                slot &+= 1
            }
        }
    }

    /// Runs `body` with raw views of the tables: array accesses in the loops would retain and
    /// release on every step.
    @inline(__always)
    private func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        bigrams.withUnsafeBufferPointer { bigrams in
        thirdByteClasses.withUnsafeBufferPointer { classes in
        anchorKinds.withUnsafeBufferPointer { anchorKinds in
        windows.withUnsafeBufferPointer { windows in
        pairBuckets.withUnsafeBufferPointer { pairBuckets in
        bucketStarts.withUnsafeBufferPointer { starts in
        bucketItems.withUnsafeBufferPointer { items in
        bucketOffsets.withUnsafeBufferPointer { offsets in
        bucketHeads.withUnsafeBufferPointer { heads in
        bucketHeadMasks.withUnsafeBufferPointer { headMasks in
        singleKeyword.withUnsafeBufferPointer { singles in
        flatBytes.withUnsafeBufferPointer { flat in
        flatStarts.withUnsafeBufferPointer { flatStarts in
            // One closure per table, flattened: the nesting says nothing but "all at once".
            body(Tables(bigrams: bigrams, classes: classes, anchorKinds: anchorKinds, windows: windows,
                        pairBuckets: pairBuckets, starts: starts, items: items, offsets: offsets, heads: heads,
                        headMasks: headMasks, singles: singles, flat: flat, flatStarts: flatStarts))
        }}}}}}}}}}}}}
    }

    /// Calls `visit` at each position before the last byte of `text` whose pair and following
    /// byte pass ``bigrams``, ascending, until it returns false.
    ///
    /// The test runs eight positions per step: each position's pair and following byte are read
    /// straight from memory, and the two table bytes, ANDed, are gathered into one word whose
    /// non-zero bytes are then walked, so the common position without a hit costs a few
    /// instructions and no branch.
    @inline(__always)
    private static func forEachCandidate<State>(in text: UnsafeRawBufferPointer, tables: Tables,
                                                state: inout State, _ visit: (Int, inout State) -> Bool) {
        let count = text.count
        guard count >= 2, let base = text.baseAddress else { return }
        let bigrams = tables.bigrams, classes = tables.classes
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var position = 0
        while position &+ 10 <= count {
            var flags: UInt64 = 0
            for offset in 0..<8 {
                // `first | second << 8`, as the table is indexed.
                let pair = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: position &+ offset, as: UInt16.self))
                let third = base.load(fromByteOffset: position &+ offset &+ 2, as: UInt8.self)
                flags |= UInt64(bigrams[Int(pair)] & classes[Int(third)]) &<< UInt64(8 &* offset)
            }
            // The top bit of each non-zero byte.
            var hits = ((flags & low7) &+ low7 | flags) & ~low7
            while hits != 0 {
                guard visit(position &+ hits.trailingZeroBitCount &>> 3, &state) else { return }
                hits &= hits &- 1
            }
            position &+= 8
        }
        let last = count - 1
        while position < last {
            // The last pair has no byte after it: any class may follow.
            let classBits = position + 2 < count ? classes[Int(text[position + 2])] : 0xFF
            if bigrams[Int(text[position]) | Int(text[position + 1]) << 8] & classBits != 0 {
                guard visit(position, &state) else { return }
            }
            position += 1
        }
    }

    /// The four bytes at `position` of `text` as a little-endian word, zero past its end.
    @inline(__always)
    static func word(in text: UnsafeRawBufferPointer, at position: Int) -> UInt32 {
        if position &+ 4 <= text.count {
            return UInt32(littleEndian: text.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        }
        var word: UInt32 = 0
        var index = text.count &- 1
        while index >= position {
            word = word << 8 | UInt32(text[index])
            index &-= 1
        }
        return word
    }

    /// `word` with each ASCII capital folded to lower case, as ``lowercased(_:)`` folds a byte:
    /// a byte gets 0x20 when it is at least `A` (adding 0x3F sets its top bit), not above `Z`
    /// (adding 0x25 does not) and below 0x80.
    @inline(__always)
    static func lowercasedWord(_ word: UInt32) -> UInt32 {
        let low = word & 0x7F7F_7F7F
        let capitals = (low &+ 0x3F3F_3F3F) & ~(low &+ 0x2525_2525) & ~word & 0x8080_8080
        return word | capitals >> 2
    }

    /// Whether the keyword stored at `flat[lower..<upper]` occurs at `position`, ASCII
    /// case-insensitively.
    @inline(__always)
    private static func matches(_ flat: UnsafeBufferPointer<UInt8>, _ lower: Int, _ upper: Int,
                                in text: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let length = upper &- lower
        guard position &+ length <= text.count else { return false }
        var offset = 0
        while offset < length {
            guard lowercased(text[position &+ offset]) == flat[lower &+ offset] else { return false }
            offset &+= 1
        }
        return true
    }

    /// The bit of a four-byte window (first byte lowest) in ``windows``. Letters are folded to
    /// lower case by setting 0x20 in every byte (which only makes a few more windows look alike),
    /// so a window matching a keyword case-insensitively has the keyword's hash.
    @inline(__always)
    static func windowHash(_ window: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(window | 0x2020_2020) &* 0x9E37_79B9_7F4A_7C15) &>> 48)
    }

    /// How often a pair of adjacent bytes occurs in ordinary traffic, roughly: the product of
    /// the bytes' frequencies, times 20 for the pairs of ``commonPairs``.
    static func pairFrequency(_ first: UInt8, _ second: UInt8) -> Int {
        let (first, second) = (lowercased(first), lowercased(second))
        let product = byteFrequency[Int(first)] * byteFrequency[Int(second)]
        return commonPairs.contains(UInt16(first) | UInt16(second) << 8) ? 20 * product : product
    }

    /// The most frequent pairs of English text, JSON and HTTP heads (lower case), which letter
    /// frequencies alone rate too low.
    static let commonPairs: Set<UInt16> = Set((
        "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de "
            + "hi ri ro ic ne ea ra ce li ch ll be ma si om ur ta id ag ac ec ct ss tr ns ge ol pe ca sa ok pp el "
            + "su tp tt ni "
    ).split(separator: " ").map { pair in
        let bytes = Array(pair.utf8)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    } + ["\":", "\",", "{\"", ": ", ", ", "=\"", "t-", "1.", "0.", "00", ".0", "-0", "-1", "20", "-a", "-c"].map { pair in
        let bytes = Array(pair.utf8)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    })

    /// A rough frequency (per mille) of each lower-case byte in HTTP traffic, JSON and English
    /// text; bytes not listed are rare (1). Only the order matters: it picks keyword anchors.
    static let byteFrequency: [Int] = {
        var table = [Int](repeating: 1, count: 256)
        let known: [(String, Int)] = [
            (" ", 120), ("e", 80), ("t", 60), ("a", 55), ("o", 50), ("i", 50), ("n", 50), ("s", 50), ("r", 45),
            ("\"", 60), ("l", 30), ("c", 30), ("d", 28), ("u", 22), ("h", 22), ("m", 20), ("p", 18),
            ("-", 15), (":", 40), (",", 25), (".", 15), ("/", 12), ("g", 12), ("f", 12), ("y", 10), ("\n", 10),
            ("_", 8), ("b", 8), ("w", 8), ("v", 6), ("=", 6), ("k", 5), ("{", 4), ("}", 4), ("&", 3),
            ("x", 3), ("j", 2), ("q", 1), ("z", 1),
        ]
        for (character, frequency) in known { table[Int(character.utf8.first!)] = frequency }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(digit)] = 25 }
        return table
    }()

    /// ``thirdByteClasses``: the bytes by falling ``byteFrequency`` (ties by value), each put in
    /// the class least filled so far, so frequent bytes spread over all eight classes; an
    /// upper-case letter shares the class of its lower-case form.
    private static func thirdByteClasses() -> [UInt8] {
        var classOf = [Int](repeating: 0, count: 256)
        var fill = [Int](repeating: 0, count: 8)
        let capitals = Int(UInt8(ascii: "A"))...Int(UInt8(ascii: "Z"))
        let byFrequency = (0...255).filter { !capitals.contains($0) }
            .sorted { (byteFrequency[$0], -$0) > (byteFrequency[$1], -$1) }
        for byte in byFrequency {
            let least = fill.indices.min { (fill[$0], $0) < (fill[$1], $1) }!
            classOf[byte] = least
            fill[least] += byteFrequency[byte]
        }
        return (0...255).map { byte in 1 << UInt8(classOf[Int(lowercased(UInt8(byte)))]) }
    }

    /// `byte` and, for an ASCII letter, its upper-case form.
    private static func cases(of byte: UInt8) -> [UInt8] {
        byte &- UInt8(ascii: "a") < 26 ? [byte, byte ^ 0x20] : [byte]
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
