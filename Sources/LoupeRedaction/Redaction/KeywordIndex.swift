/// The distinct keywords of a rule set, indexed so one pass over a text finds which of them occur
/// (ASCII case-insensitively), however many rules there are.
struct KeywordIndex: Sendable {
    /// Each distinct keyword's bytes, lower-cased.
    let keywords: [[UInt8]]
    /// The (lower-case) bytes each keyword consists of: a keyword whose bytes do not all occur in
    /// a text cannot occur in it, which settles most keywords without searching.
    let byteSets: [ByteSet]
    /// One byte (0 or 1) per pair of adjacent bytes, indexed `first | second << 8` (the order of
    /// a little-endian load), set where a keyword of two or more bytes may start (both cases of
    /// letters) and wherever the first byte is a one-byte keyword: the search looks closer only
    /// where it is set. A byte rather than a bit per pair spares the hot loop the bit arithmetic.
    private let bigrams: [UInt8]
    /// Multi-byte keyword indices grouped by lower-cased first byte:
    /// `bucketItems[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let bucketStarts: [Int]
    private let bucketItems: [Int]
    /// One-byte keywords: whether they occur is read off the text's byte set.
    private let singleBytes: [(keyword: Int, byte: UInt8)]
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
        byteSets = distinct.map { bytes in
            var set = ByteSet()
            for byte in bytes { set.insert(byte) }
            return set
        }
        var bigrams = [UInt8](repeating: 0, count: 65_536)
        var buckets = [[Int]](repeating: [], count: 256)
        var singles: [(Int, UInt8)] = []
        func mark(_ first: UInt8, _ second: UInt8) {
            let pair = Int(first) | Int(second) << 8
            bigrams[pair] = 1
        }
        for (index, bytes) in distinct.enumerated() {
            guard bytes.count >= 2 else {
                singles.append((index, bytes[0]))
                for first in Self.cases(of: bytes[0]) {
                    for second in 0...UInt8.max { mark(first, second) }
                }
                continue
            }
            buckets[Int(bytes[0])].append(index)
            for first in Self.cases(of: bytes[0]) {
                for second in Self.cases(of: bytes[1]) { mark(first, second) }
            }
        }
        var starts = [0]
        var items: [Int] = []
        for bucket in buckets {
            items += bucket
            starts.append(items.count)
        }
        self.bigrams = bigrams
        bucketStarts = starts
        bucketItems = items
        singleBytes = singles
    }

    /// The index of `keyword` in ``keywords``, or nil for an empty keyword.
    func position(of keyword: String) -> Int? {
        let bytes = Array(keyword.utf8).map(Self.lowercased)
        return keywords.firstIndex(of: bytes)
    }

    /// Sets `found[k]` for every keyword `k` with `wanted[k]` that occurs in `text`, whose byte set
    /// folded to lower case is `folded`.
    ///
    /// One pass over the text: at each position a bit of the pair table says whether a keyword
    /// may start there, and only then are the keywords starting with that byte compared. The pass
    /// stops as soon as every wanted keyword was found.
    func search(_ text: UnsafeRawBufferPointer, folded: ByteSet, wanted: UnsafeMutableBufferPointer<Bool>,
                found: UnsafeMutableBufferPointer<Bool>) {
        var remaining = 0
        for index in wanted.indices where wanted[index] && !found[index] { remaining += 1 }
        for (keyword, byte) in singleBytes where wanted[keyword] && !found[keyword] && folded.contains(byte) {
            found[keyword] = true
            remaining -= 1
        }
        let count = text.count
        guard remaining > 0, count >= 2 else { return }
        bigrams.withUnsafeBufferPointer { bigrams in
            bucketStarts.withUnsafeBufferPointer { starts in
                bucketItems.withUnsafeBufferPointer { items in
                  flatBytes.withUnsafeBufferPointer { flat in
                    flatStarts.withUnsafeBufferPointer { flatStarts in
                    var position = 0
                    let last = count - 1
                    while position < last {
                        let pair = Int(text[position]) | Int(text[position + 1]) << 8
                        if bigrams[pair] != 0 {
                            let first = Int(Self.lowercased(text[position]))
                            for slot in starts[first]..<starts[first + 1] {
                                let keyword = items[slot]
                                guard wanted[keyword], !found[keyword],
                                      Self.matches(flat, flatStarts[keyword]..<flatStarts[keyword + 1], in: text, at: position)
                                else { continue }
                                found[keyword] = true
                                remaining -= 1
                                if remaining == 0 { return }
                            }
                        }
                        position += 1
                    }
                    }
                  }
                }
            }
        }
    }

    /// The positions of every occurrence of each wanted keyword in `text`, ascending, indexed
    /// like ``keywords`` (empty for keywords not wanted). One pass, like ``search(_:folded:wanted:found:)``
    /// but without stopping early.
    ///
    /// The pair test runs eight positions per step: one 64-bit load and the byte after it hold
    /// the eight pairs, and their table flags are gathered into a mask that is then walked, so the
    /// common position without a hit costs a few instructions and no branch.
    func occurrences(in text: UnsafeRawBufferPointer, wanted: [Bool]) -> [[Int]] {
        var result = [[Int]](repeating: [], count: keywords.count)
        // Per byte value: the one-byte keyword it is (or -1).
        var singles = [Int](repeating: -1, count: 256)
        for (keyword, byte) in singleBytes where wanted[keyword] {
            singles[Int(byte)] = keyword
            if byte &- UInt8(ascii: "a") < 26 { singles[Int(byte ^ 0x20)] = keyword }
        }
        let count = text.count
        guard count > 0, let base = text.baseAddress else { return result }
        bigrams.withUnsafeBufferPointer { bigrams in
            bucketStarts.withUnsafeBufferPointer { starts in
                bucketItems.withUnsafeBufferPointer { items in
                    singles.withUnsafeBufferPointer { singles in
                        wanted.withUnsafeBufferPointer { wanted in
                            flatBytes.withUnsafeBufferPointer { flat in
                                flatStarts.withUnsafeBufferPointer { flatStarts in
                                    /// The keywords at `position`, whose pair bit is set. `result` is passed
                                    /// rather than captured: a captured variable is checked for exclusive
                                    /// access at run time on every visit.
                                    @inline(__always) func visit(_ position: Int, _ result: inout [[Int]]) {
                                        let byte = text[position]
                                        let single = singles[Int(byte)]
                                        if single >= 0 { result[single].append(position) }
                                        let first = Int(Self.lowercased(byte))
                                        for slot in starts[first]..<starts[first + 1] {
                                            let keyword = items[slot]
                                            if wanted[keyword],
                                               Self.matches(flat, flatStarts[keyword]..<flatStarts[keyword + 1],
                                                            in: text, at: position)
                                            {
                                                result[keyword].append(position)
                                            }
                                        }
                                    }
                                    @inline(__always) func flag(_ pair: UInt64) -> UInt64 {
                                        UInt64(bigrams[Int(truncatingIfNeeded: pair)])
                                    }
                                    var position = 0
                                    while position + 9 <= count {
                                        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position,
                                                                                           as: UInt64.self))
                                        let next = UInt64(text[position + 8])
                                        var hits = flag(word & 0xFFFF) | flag(word >> 8 & 0xFFFF) << 1
                                            | flag(word >> 16 & 0xFFFF) << 2 | flag(word >> 24 & 0xFFFF) << 3
                                            | flag(word >> 32 & 0xFFFF) << 4 | flag(word >> 40 & 0xFFFF) << 5
                                            | flag(word >> 48 & 0xFFFF) << 6 | flag(word >> 56 | next << 8) << 7
                                        while hits != 0 {
                                            visit(position + hits.trailingZeroBitCount, &result)
                                            hits &= hits &- 1
                                        }
                                        position += 8
                                    }
                                    let last = count - 1
                                    while position < last {
                                        if flag(UInt64(text[position]) | UInt64(text[position + 1]) << 8) != 0 {
                                            visit(position, &result)
                                        }
                                        position += 1
                                    }
                                    let single = singles[Int(text[last])]
                                    if single >= 0 { result[single].append(last) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Whether the keyword stored at `keyword` in `flat` occurs at `position` (its first byte
    /// already matched, case-insensitively).
    @inline(__always)
    private static func matches(_ flat: UnsafeBufferPointer<UInt8>, _ keyword: Range<Int>,
                                in text: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let length = keyword.count
        guard position + length <= text.count else { return false }
        var offset = 1  // the first byte selected the bucket
        while offset < length {
            guard lowercased(text[position + offset]) == flat[keyword.lowerBound + offset] else { return false }
            offset += 1
        }
        return true
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
