#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A byte-level prefilter for the built-in rules that have no keywords (cards, IBANs, phone
/// numbers), which would otherwise each run PCRE2 over every byte of a text.
///
/// Every match of such a rule consists only of bytes of one small class (digits and a few
/// separators, or upper-case letters, digits and spaces) and contains a minimum number of digits
/// (or, for IBANs, two capitals followed by two digits). So every match lies inside one maximal
/// run of class bytes that passes that test, and the pattern only has to run from the start of
/// each such run. One pass over the text finds the runs for all these rules at once.
///
/// The facts are known for the built-in patterns only: a rule gets a filter when its id and
/// pattern are exactly those of a built-in rule; any other pattern is scanned in full.
struct CandidateRuns {
    /// What a rule's matches are known to need.
    enum Requirement: Sendable {
        /// A run of `[0-9 +\-.()/]` bytes with at least `minimum` digits and, unless
        /// `containingOneOf` is empty, at least one of those separators, between two of its
        /// digits when `betweenDigits` (a space or dash at a run's edge, as around
        /// ` 1732248753123 `, then does not count). A static string keeps the requirement a plain
        /// value: reading one per rule and text retains nothing.
        case digits(minimum: Int, containingOneOf: StaticString = "", betweenDigits: Bool = false)
        /// A run of `[A-Z0-9 ]` bytes containing two capitals followed by two digits.
        case ibanShape
    }

    /// How far past a run the subject given to PCRE2 reaches: more than any built-in rule reads
    /// past its digits (a phone extension such as ` extension 123456` and the lookahead after
    /// it, or a space and a three-byte currency sign), so the match and its lookahead see the
    /// real bytes after the run.
    static let lookaheadMargin = 32

    /// The requirement for `rule`, when its pattern is a built-in one this filter knows: loaded
    /// from the embedded default files and unchanged since.
    static func requirement(for rule: RedactionRule) -> Requirement? {
        guard let requirement = knownRequirements[rule.id], rule.builtInPattern == rule.pattern else { return nil }
        return requirement
    }

    /// Each minimum is the fewest digits any alternative of the pattern needs, counting the
    /// digits its lookaheads demand right after the match's start (they are run bytes too), and a
    /// separator is listed only when every alternative matches one; `betweenDigits` only when
    /// every alternative has it between two digits (then it lies between the run's first and last
    /// digit, as the match's digits up to it are run bytes from the match's start on). Worked
    /// out per pattern:
    ///
    /// - payment-card: Maestro's 4-4-4 and the 12-digit compact form are the shortest, 12 digits;
    /// - payment-card-long: 4-4-4-4 and a last group of 1-3 digits, one space or dash throughout
    ///   between the groups, 17;
    /// - it-codice-fiscale: six capitals, then two digits: every match holds the IBAN shape;
    /// - us-ssn: 3-2-4 digits joined by dashes, 9;
    /// - fr-nir: 1+2+2+2+3+3 digits separated by spaces, 13;
    /// - br-cpf: 3.3.3-2, 11 digits and always a dash between the last two groups;
    /// - phone-nanp: `[0-9]{3}([-.])[0-9]{3}\1[0-9]{4}`, `[0-9]{3} [0-9]{3}-[0-9]{4}` or
    ///   `[1-9]{2} 9?[0-9]{4}-[0-9]{4}`: 10 digits and `-` or `.` between two of them;
    /// - phone-area-code: every alternative starts with `\(`; the shortest is `0[1-9]` and `)`
    ///   followed (lookahead) by six more digits, 8;
    /// - phone-national: `0` plus `0[1-9]`, a separator and six digits, or `0` plus a lookahead
    ///   of eight digits, 9;
    /// - phone-mobile-it-es: nine digits in groups separated by spaces.
    ///
    /// Tighter facts mean fewer PCRE2 calls: most long digit runs in traffic are timestamps,
    /// dates and ids, which now reach one or two of these rules instead of five.
    private static let knownRequirements: [String: Requirement] = [
        "payment-card": .digits(minimum: 12),
        "payment-card-long": .digits(minimum: 17, containingOneOf: " -", betweenDigits: true),
        "iban": .ibanShape,
        "it-codice-fiscale": .ibanShape,
        "us-ssn": .digits(minimum: 9, containingOneOf: "-", betweenDigits: true),
        "fr-nir": .digits(minimum: 13, containingOneOf: " ", betweenDigits: true),
        "br-cpf": .digits(minimum: 11, containingOneOf: "-", betweenDigits: true),
        "phone-nanp": .digits(minimum: 10, containingOneOf: "-.", betweenDigits: true),
        "phone-area-code": .digits(minimum: 8, containingOneOf: "("),
        "phone-national": .digits(minimum: 9),
        "phone-mobile-it-es": .digits(minimum: 9, containingOneOf: " ", betweenDigits: true),
    ]

    /// The fewest digits a kept number run has: below every requirement's minimum.
    static let keptDigits = 7

    /// Runs of `[0-9 +\-.()/]` with their digit counts, the bytes they hold and the bytes
    /// between their first and last digit (see ``bit(of:)``), ascending.
    private(set) var digitRuns: [(range: Range<Int>, digits: Int, bytes: UInt64, inner: UInt64)] = []
    /// Runs of `[A-Z0-9 ]` holding the IBAN shape, ascending.
    private(set) var ibanRuns: [Range<Int>] = []

    /// Finds the runs in `text` in one pass. Runs too short to hold any match are dropped.
    ///
    /// The text is read in chunks of 64 bytes, each turned into one bit mask per byte class
    /// (digit, number-run byte, IBAN-run byte, capital) with vector compares; runs are then
    /// found with bit operations, one step per run instead of one per byte. Every run worth
    /// keeping contains a digit, so a chunk without digits and without an open run is skipped
    /// after one vector test, before any mask is built.
    init(in text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        var scan = Scan(text: text)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.chunkSize) { tail in
            var chunkStart = 0
            while chunkStart < text.count {
                if chunkStart + Self.chunkSize <= text.count {
                    scan.chunk(UnsafeRawPointer(base + chunkStart), at: chunkStart)
                } else {
                    // The last, partial chunk: zero bytes belong to no class, so the padding
                    // ends every run at the text's end.
                    tail.initialize(repeating: 0)
                    UnsafeMutableRawBufferPointer(tail).copyMemory(from: UnsafeRawBufferPointer(rebasing: text[chunkStart...]))
                    scan.chunk(UnsafeRawPointer(tail.baseAddress!), at: chunkStart)
                }
                chunkStart += Self.chunkSize
            }
        }
        scan.finish()
        digitRuns = scan.digitRuns
        ibanRuns = scan.ibanRuns
    }

    /// Bytes per chunk: one bit each in a 64-bit mask.
    static let chunkSize = 64

    /// The state of one pass: the runs still open at the end of the last chunk and what was found.
    private struct Scan {
        let text: UnsafeRawBufferPointer
        var digitRuns: [(range: Range<Int>, digits: Int, bytes: UInt64, inner: UInt64)] = []
        var ibanRuns: [Range<Int>] = []
        /// The open number run's start (-1 when none) and digit count.
        var numberStart = -1, digits = 0
        /// The open IBAN run's start (-1 when none) and whether it holds the shape yet.
        var ibanStart = -1, shaped = false
        /// The previous chunk's digit and capital masks, for shapes straddling two chunks; the
        /// capitals are nil after a skipped chunk (its digits are none).
        var previousDigits: UInt64 = 0
        var previousCapitals: UInt64? = 0

        init(text: UnsafeRawBufferPointer) { self.text = text }

        @inline(__always)
        mutating func chunk(_ chunk: UnsafeRawPointer, at offset: Int) {
            guard numberStart >= 0 || ibanStart >= 0 || CandidateRuns.holdsDigit(chunk) else {
                // Nothing can start or continue here.
                previousDigits = 0
                previousCapitals = nil
                return
            }
            let masks = CandidateRuns.masks(chunk)
            // Hex ids and timestamps put many short digit groups in a chunk, each a run to bound
            // and count. None of them can be kept, and nothing is left open, when no run is open,
            // none reaches the chunk's last byte and no seven run bytes lie in a row: a kept run
            // has seven digits, all in this chunk (a run reaching back into the previous chunk
            // has no digits there, or it would be open).
            if numberStart >= 0 || masks.numberRun >> 63 != 0 || CandidateRuns.holdsSevenInARow(masks.numberRun) {
                numberRuns(digits: masks.digits, runBytes: masks.numberRun, at: offset)
            }
            // Shapes end at a digit preceded by a digit, two capitals before (possibly in the
            // previous chunk).
            let previous = previousCapitals ?? capitalsBefore(offset)
            let shapes = masks.digits & (masks.digits << 1 | previousDigits >> 63)
                & (masks.capitals << 2 | previous >> 62) & (masks.capitals << 3 | previous >> 61)
            if shapes != 0 || ibanStart >= 0 {
                ibanRuns(shapes: shapes, runBytes: masks.ibanRun, at: offset)
            }
            previousDigits = masks.digits
            previousCapitals = masks.capitals
        }

        /// The number runs of one chunk, given its digit and run-byte masks.
        @inline(__always)
        mutating func numberRuns(digits digitMask: UInt64, runBytes: UInt64, at offset: Int) {
            let breaks = ~runBytes
            var pending = digitMask
            if numberStart >= 0 {
                // The open run goes on up to the first break.
                guard breaks != 0 else {
                    digits += digitMask.nonzeroBitCount
                    return
                }
                let end = breaks.trailingZeroBitCount
                digits += (digitMask & Self.below(end)).nonzeroBitCount
                keepNumberRun(numberStart..<(offset + end), digits: digits)
                numberStart = -1
                pending &= ~Self.below(end)
            }
            while pending != 0 {
                let first = pending.trailingZeroBitCount
                // The bytes before a run's first digit hold no digit, so they add nothing.
                let (start, bounded) = bounds(around: first, breaks: breaks, at: offset, kind: CandidateRuns.numberRun)
                guard let end = bounded else {
                    numberStart = start
                    digits = (digitMask & ~Self.below(first)).nonzeroBitCount
                    return
                }
                let count = (digitMask & ~Self.below(first) & Self.below(end)).nonzeroBitCount
                keepNumberRun(start..<(offset + end), digits: count)
                pending &= ~Self.below(end)
            }
        }

        /// The IBAN runs of one chunk, given the ends of its shapes and its run-byte mask.
        @inline(__always)
        mutating func ibanRuns(shapes: UInt64, runBytes: UInt64, at offset: Int) {
            let breaks = ~runBytes
            var pending = shapes
            if ibanStart >= 0 {
                guard breaks != 0 else {
                    shaped = shaped || shapes != 0
                    return
                }
                let end = breaks.trailingZeroBitCount
                if shaped || shapes & Self.below(end) != 0 { ibanRuns.append(ibanStart..<(offset + end)) }
                ibanStart = -1
                pending &= ~Self.below(end)
            }
            while pending != 0 {
                // A shape's four bytes are run bytes, so a break before it lies before them.
                let first = pending.trailingZeroBitCount
                let (start, bounded) = bounds(around: first, breaks: breaks, at: offset, kind: CandidateRuns.ibanRun)
                guard let end = bounded else {
                    ibanStart = start
                    shaped = true
                    return
                }
                ibanRuns.append(start..<(offset + end))
                pending &= ~Self.below(end)
            }
        }

        /// The run of `kind` bytes holding bit `first` of the chunk at `offset`, whose other
        /// bytes are `breaks`: its start in the text, and its end as a bit of the chunk (nil
        /// when it goes on into the next chunk).
        @inline(__always)
        func bounds(around first: Int, breaks: UInt64, at offset: Int, kind: UInt8) -> (start: Int, end: Int?) {
            let breaksBefore = breaks & Self.below(first)
            let start = breaksBefore != 0
                ? offset + 64 - breaksBefore.leadingZeroBitCount
                : reachBack(from: offset, over: kind)
            let breaksAfter = breaks & ~Self.below(first)
            return (start, breaksAfter != 0 ? breaksAfter.trailingZeroBitCount : nil)
        }

        /// Records a finished number run if it has enough digits, with the sets of its bytes and
        /// of those between its first and last digit, read one by one: few runs are kept and they
        /// are short.
        @inline(__always)
        mutating func keepNumberRun(_ range: Range<Int>, digits: Int) {
            guard digits >= CandidateRuns.keptDigits else { return }
            let run = UnsafeRawBufferPointer(rebasing: text[range])
            var bytes: UInt64 = 0
            for byte in run { bytes |= CandidateRuns.bit(of: byte) }
            // Most kept runs are digits only: then no separator lies between digits either.
            var inner: UInt64 = 0
            if bytes & ~CandidateRuns.digitBits != 0 {
                // The run holds digits, so both loops stop at one.
                var lower = 0, upper = run.count
                while run[lower] &- UInt8(ascii: "0") >= 10 { lower += 1 }
                while run[upper - 1] &- UInt8(ascii: "0") >= 10 { upper -= 1 }
                for byte in run[lower..<upper] { inner |= CandidateRuns.bit(of: byte) }
            }
            digitRuns.append((range, digits, bytes, inner))
        }

        /// Closes the runs still open at the end of the text.
        mutating func finish() {
            if numberStart >= 0 { keepNumberRun(numberStart..<text.count, digits: digits) }
            if ibanStart >= 0, shaped { ibanRuns.append(ibanStart..<text.count) }
        }

        /// The start of the run of `kind` bytes ending just before `offset`, which a run found
        /// at the start of a chunk continues.
        func reachBack(from offset: Int, over kind: UInt8) -> Int {
            var start = offset
            while start > 0, CandidateRuns.classes[Int(text[start - 1])] & kind != 0 { start -= 1 }
            return start
        }

        /// The capital mask of the two bytes before `offset`, in bits 62 and 63, for when the
        /// previous chunk's capitals were not built.
        func capitalsBefore(_ offset: Int) -> UInt64 {
            var mask: UInt64 = 0
            if offset >= 1, CandidateRuns.classes[Int(text[offset - 1])] & CandidateRuns.capital != 0 { mask |= 1 << 63 }
            if offset >= 2, CandidateRuns.classes[Int(text[offset - 2])] & CandidateRuns.capital != 0 { mask |= 1 << 62 }
            return mask
        }

        /// The bits below bit `count` (all 64 for 64).
        @inline(__always)
        static func below(_ count: Int) -> UInt64 {
            count >= 64 ? .max : (1 &<< UInt64(count)) &- 1
        }
    }

    /// Whether a 64-byte chunk holds a digit.
    ///
    /// Not inlined, like ``masks(_:)``: compiled on their own, the vector compares stay vector
    /// instructions, where inlined into the scan loop the optimizer turned them into one
    /// branch per lane.
    @inline(never)
    static func holdsDigit(_ chunk: UnsafeRawPointer) -> Bool {
        let zero = SIMD16<UInt8>(repeating: UInt8(ascii: "0")), ten = SIMD16<UInt8>(repeating: 10)
        var found = SIMD16<UInt8>(repeating: 0)
        for part in 0..<4 {
            let lanes = chunk.loadUnaligned(fromByteOffset: 16 * part, as: SIMD16<UInt8>.self)
            found |= unsafeBitCast(lanes &- zero .< ten, to: SIMD16<UInt8>.self)
        }
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Whether seven consecutive bits of `mask` are set.
    @inline(__always)
    static func holdsSevenInARow(_ mask: UInt64) -> Bool {
        let pairs = mask & mask >> 1, fours = pairs & pairs >> 2
        return fours & fours >> 3 != 0
    }

    /// The class masks of a 64-byte chunk: bit `i` tells whether byte `i` is of the class.
    struct Masks {
        var digits: UInt64 = 0
        /// `[0-9 +\-.()/]`.
        var numberRun: UInt64 = 0
        /// `[A-Z0-9 ]`.
        var ibanRun: UInt64 = 0
        var capitals: UInt64 = 0
    }

    /// The class masks of a 64-byte chunk, sixteen bytes per vector: each class as a vector
    /// of all-ones or all-zeros lanes, whose sixteen top bits ``laneBits(_:)`` gathers. Not
    /// inlined: see ``holdsDigit(_:)``.
    @inline(never)
    static func masks(_ chunk: UnsafeRawPointer) -> Masks {
        var masks = Masks()
        // Every mask is taken as bytes at once (its lanes are all ones or all zeros) and combined
        // with plain vector `&`, `|`, `^`: the mask operators compile to a branch per lane.
        @inline(__always) func bytes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
            unsafeBitCast(mask, to: SIMD16<UInt8>.self)
        }
        for part in 0..<4 {
            let lanes = chunk.loadUnaligned(fromByteOffset: 16 * part, as: SIMD16<UInt8>.self)
            let digit = bytes(lanes &- SIMD16<UInt8>(repeating: UInt8(ascii: "0")) .< SIMD16<UInt8>(repeating: 10))
            let capital = bytes(lanes &- SIMD16<UInt8>(repeating: UInt8(ascii: "A")) .< SIMD16<UInt8>(repeating: 26))
            let space = bytes(lanes .== SIMD16<UInt8>(repeating: UInt8(ascii: " ")))
            // `(`, `)`, `+`, `-`, `.`, `/` and the digits lie in 0x28...0x39, as do `*` and `,`,
            // which the `^` takes out again.
            let numberRange = bytes(lanes &- SIMD16<UInt8>(repeating: 0x28) .< SIMD16<UInt8>(repeating: 0x12))
            let excluded = bytes(lanes .== SIMD16<UInt8>(repeating: UInt8(ascii: "*")))
                | bytes(lanes .== SIMD16<UInt8>(repeating: UInt8(ascii: ",")))
            let shift = UInt64(16 * part)
            masks.digits |= laneBits(digit) << shift
            masks.numberRun |= laneBits(numberRange ^ excluded | space) << shift
            masks.ibanRun |= laneBits(digit | capital | space) << shift
            masks.capitals |= laneBits(capital) << shift
        }
        return masks
    }

    /// The top bit of each of the sixteen lanes, as sixteen bits: one `pmovmskb` on x86-64,
    /// ``portableLaneBits(_:)`` elsewhere.
    @inline(__always)
    static func laneBits(_ lanes: SIMD16<UInt8>) -> UInt64 {
        #if arch(x86_64)
        UInt64(UInt16(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(lanes, to: __m128i.self))))
        #else
        portableLaneBits(lanes)
        #endif
    }

    /// ``laneBits(_:)`` without vector intrinsics: each word's eight top bits, isolated as 0 or 1
    /// bytes, land in its top byte when multiplied by 0x0102…80.
    @inline(__always)
    static func portableLaneBits(_ lanes: SIMD16<UInt8>) -> UInt64 {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let ones: UInt64 = 0x0101_0101_0101_0101, magic: UInt64 = 0x0102_0408_1020_4080
        let low = (((words[0] >> 7) & ones) &* magic) >> 56
        let high = (((words[1] >> 7) & ones) &* magic) >> 56
        return low | high << 8
    }

    // Bits of ``classes``.
    private static let digit: UInt8 = 1
    private static let numberRun: UInt8 = 2
    private static let ibanRun: UInt8 = 4
    private static let capital: UInt8 = 8

    /// Per byte value, which runs it belongs to, for the few bytes read one at a time.
    private static let classes: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var bits: UInt8 = 0
        if byte &- UInt8(ascii: "0") < 10 { bits |= digit | numberRun | ibanRun }
        if byte &- UInt8(ascii: "A") < 26 { bits |= capital | ibanRun }
        if byte == UInt8(ascii: " ") { bits |= numberRun | ibanRun }
        if "+-.()/".utf8.contains(byte) { bits |= numberRun }
        return bits
    }

    /// The bits of the ten digits (see ``bit(of:)``): `0`...`9` are 0x30...0x39, bits 48...57.
    static let digitBits: UInt64 = 0x3FF << 48

    /// A number run's `byte` as one bit, `1 << (byte & 63)`: run bytes all lie in 0x20...0x39,
    /// so no two share a bit.
    @inline(__always)
    static func bit(of byte: UInt8) -> UInt64 {
        1 &<< UInt64(byte & 63)
    }

    /// The runs meeting `requirement`, ascending.
    func runs(meeting requirement: Requirement) -> [Range<Int>] {
        switch requirement {
        case .digits(let minimum, let separators, let betweenDigits):
            let wanted = separators.withUTF8Buffer { $0.reduce(UInt64(0)) { $0 | Self.bit(of: $1) } }
            return digitRuns.compactMap { run in
                run.digits >= minimum && (wanted == 0 || (betweenDigits ? run.inner : run.bytes) & wanted != 0) ? run.range : nil
            }
        case .ibanShape:
            return ibanRuns
        }
    }
}
