import PropertyBased
import Testing
@testable import LoupeRedaction

/// The vectorised scans (candidate runs in 64-byte chunks, keyword pairs eight positions at a
/// time, line-break search sixteen bytes at a time) against plain byte-by-byte references, over
/// texts of every length around the chunk sizes and built from the bytes each scan cares about.
@Suite struct ScanningPropertyTests {
    /// Bytes of every class the candidate runs tell apart, and a few of none.
    static let runAlphabet = Array("0123456789 +-.()/ABGWZ*,az\n\u{0}".utf8)
    /// Texts of 0...300 bytes: empty, shorter than a vector, and across several 64-byte chunks.
    static let runTexts = Gen.element(of: runAlphabet).map { $0 ?? 0 }.array(of: 0...300)

    // MARK: Candidate runs

    /// Maximal runs of `[0-9 +\-.()/]` with at least seven digits, and maximal runs of
    /// `[A-Z0-9 ]` holding two capitals followed by two digits, found one byte at a time.
    static func referenceRuns(_ bytes: [UInt8]) -> (digits: [Range<Int>], counts: [Int], iban: [Range<Int>]) {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isNumberByte(_ byte: UInt8) -> Bool { isDigit(byte) || Array(" +-.()/".utf8).contains(byte) }
        func isIBANByte(_ byte: UInt8) -> Bool { isDigit(byte) || isCapital(byte) || byte == 0x20 }
        func maximalRuns(_ member: (UInt8) -> Bool) -> [Range<Int>] {
            var runs: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                guard member(bytes[index]) else {
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count, member(bytes[end]) { end += 1 }
                runs.append(index..<end)
                index = end
            }
            return runs
        }
        var digitRuns: [Range<Int>] = [], counts: [Int] = []
        for run in maximalRuns(isNumberByte) {
            let digits = bytes[run].filter(isDigit).count
            if digits >= 7 {
                digitRuns.append(run)
                counts.append(digits)
            }
        }
        let ibanRuns = maximalRuns(isIBANByte).filter { run in
            run.count >= 4 && (run.lowerBound...(run.upperBound - 4)).contains { start in
                isCapital(bytes[start]) && isCapital(bytes[start + 1]) && isDigit(bytes[start + 2]) && isDigit(bytes[start + 3])
            }
        }
        return (digitRuns, counts, ibanRuns)
    }

    /// The runs of `bytes` placed `offset` bytes into a larger buffer of letters, so the scan
    /// sees every alignment and real bytes on both sides are never part of the text.
    static func runs(_ bytes: [UInt8], offset: Int) -> CandidateRuns {
        let padded = [UInt8](repeating: UInt8(ascii: "x"), count: offset) + bytes + [UInt8(ascii: "7")]
        return padded.withUnsafeBytes { CandidateRuns(in: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + bytes.count)])) }
    }

    @Test func candidateRunsMatchAByteByByteScan() async {
        await propertyCheck(count: 400, input: Self.runTexts, Gen.int(in: 0...17)) { bytes, offset in
            let found = Self.runs(bytes, offset: offset)
            let expected = Self.referenceRuns(bytes)
            #expect(found.digitRuns.map(\.range) == expected.digits)
            #expect(found.digitRuns.map(\.digits) == expected.counts)
            #expect(found.ibanRuns == expected.iban)
        }
    }

    @Test func aKeptRunAmongShortDigitGroupsIsFoundAtEveryOffset() {
        // Chunks holding only short digit groups skip the number-run bookkeeping; a kept run
        // among them must still be found whole wherever it lies, across chunk boundaries too.
        let run = Array("1 234-567".utf8)
        for offset in 0...170 {
            var bytes = Array(String(repeating: "a1b2c3", count: 30).utf8)
            bytes.replaceSubrange(offset..<(offset + run.count), with: run)
            let found = Self.runs(bytes, offset: 0)
            let expected = Self.referenceRuns(bytes)
            #expect(!expected.digits.isEmpty)
            #expect(found.digitRuns.map(\.range) == expected.digits, "offset \(offset)")
            #expect(found.digitRuns.map(\.digits) == expected.counts, "offset \(offset)")
        }
    }

    @Test func sevenInARowNeedsSevenConsecutiveBits() {
        for shift in 0...57 { #expect(CandidateRuns.holdsSevenInARow(0x7F << UInt64(shift))) }
        // Two groups of six, one gap apart, anywhere.
        for shift in 0...51 { #expect(!CandidateRuns.holdsSevenInARow(0x3F << UInt64(shift) | 0x3F << UInt64(shift + 7))) }
        #expect(!CandidateRuns.holdsSevenInARow(0x5555_5555_5555_5555))
    }

    @Test func runsSpanningChunkAndTextEndsAreWhole() {
        // A phone and an IBAN straddling the 64-byte boundary, a run ending at the text's end
        // exactly on a chunk boundary, and one reaching back over a chunk of separators.
        let straddling = Array(String(repeating: "x", count: 58).utf8) + Array("+1 415 555 2671 GB82 WEST 1234".utf8)
        let atEnd = Array(String(repeating: "y", count: 50).utf8) + Array("415 555 2671 GB82".utf8)
        let reachingBack = Array(String(repeating: "x", count: 10).utf8) + Array(String(repeating: " ", count: 120).utf8)
            + Array("4155552671".utf8)
        for bytes in [straddling, Array(atEnd.prefix(64)), atEnd, reachingBack] {
            let found = Self.runs(bytes, offset: 0)
            let expected = Self.referenceRuns(bytes)
            #expect(found.digitRuns.map(\.range) == expected.digits)
            #expect(found.ibanRuns == expected.iban)
        }
        #expect(!Self.referenceRuns(straddling).iban.isEmpty)
        #expect(Self.referenceRuns(reachingBack).digits == [10..<140])
    }

    // MARK: Line breaks

    @Test func byteSearchFindsTheFirstAndLastBreakInAnyRange() async {
        let texts = Gen.element(of: Array("ab\n".utf8) + Array(repeating: UInt8(ascii: "c"), count: 20)).map { $0 ?? 0 }
            .array(of: 0...100)
        await propertyCheck(count: 400, input: texts, Gen.int(in: 0...100), Gen.int(in: 0...100)) { bytes, a, b in
            let lower = min(a, b, bytes.count), upper = min(max(a, b), bytes.count)
            bytes.withUnsafeBytes { buffer in
                let newline = UInt8(ascii: "\n")
                #expect(ByteSearch.firstIndex(of: newline, in: buffer, lower..<upper)
                    == bytes[lower..<upper].firstIndex(of: newline))
                #expect(ByteSearch.lastIndex(of: newline, in: buffer, lower..<upper)
                    == bytes[lower..<upper].lastIndex(of: newline))
            }
        }
    }

    @Test func laneBitsAreTheTopBitOfEachLane() async {
        await propertyCheck(count: 200, input: Gen.uint8().array(of: 16)) { bytes in
            let lanes = SIMD16<UInt8>(bytes)
            let expected = bytes.indices.reduce(UInt64(0)) { bits, lane in bits | UInt64(bytes[lane] >> 7) << UInt64(lane) }
            #expect(CandidateRuns.laneBits(lanes) == expected)
            #expect(CandidateRuns.portableLaneBits(lanes) == expected)
        }
    }

    // MARK: Keywords

    static let keywords = ["yj", "kia", "cret", "ghp_", "sk-", "key", "tel", "@", "+", "%40", "pass", "sess", "sid=",
                           "secret", "password", "passkey", "sk-proj-"]

    @Test func keywordOccurrencesMatchAPlainSearch() async {
        let index = KeywordIndex(Self.keywords)
        let alphabet = Array("yjkiacretghp_sk-KEYTEL@+%40PASSsid= xwordSECRETprojo".utf8)
        let texts = Gen.element(of: alphabet).map { $0 ?? 0 }.array(of: 0...120)
        await propertyCheck(count: 400, input: texts, Gen.bool().array(of: Self.keywords.count)) { bytes, wanted in
            let found = bytes.withUnsafeBytes { index.occurrences(in: $0, wanted: wanted) }
            let lowered = bytes.map(KeywordIndex.lowercased)
            for (keyword, text) in Self.keywords.enumerated() {
                let position = index.position(of: text)!
                let needle = Array(text.utf8)
                let expected = wanted[position] && lowered.count >= needle.count
                    ? (0...(lowered.count - needle.count)).filter { Array(lowered[$0..<($0 + needle.count)]) == needle }
                    : []
                #expect(found[position] == expected, "\(Self.keywords[keyword]) in \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test func keywordSearchFindsTheWantedKeywordsThatOccur() async {
        let index = KeywordIndex(Self.keywords)
        let alphabet = Array("yjkiacretghp_sk-KEYTEL@+%40PASSsid= xwordSECRETprojo".utf8)
        let texts = Gen.element(of: alphabet).map { $0 ?? 0 }.array(of: 0...120)
        await propertyCheck(count: 400, input: texts, Gen.bool().array(of: Self.keywords.count)) { bytes, wanted in
            var wanted = wanted, found = [Bool](repeating: false, count: Self.keywords.count)
            bytes.withUnsafeBytes { text in
                wanted.withUnsafeMutableBufferPointer { wanted in
                    found.withUnsafeMutableBufferPointer {
                        index.search(text, folded: ByteSet(of: text).foldingASCIICase, wanted: wanted, found: $0)
                    }
                }
            }
            let lowered = String(decoding: bytes.map(KeywordIndex.lowercased), as: UTF8.self)
            for text in Self.keywords {
                let position = index.position(of: text)!
                #expect(found[position] == (wanted[position] && lowered.contains(text)),
                        "\(text) in \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
