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
    enum Requirement: Sendable, Equatable {
        /// A run of `[0-9 +\-.()/]` bytes with at least this many digits.
        case digits(minimum: Int)
        /// A run of `[A-Z0-9 ]` bytes containing two capitals followed by two digits.
        case ibanShape
    }

    /// How far past a run the subject given to PCRE2 reaches: more than any built-in rule's
    /// trailing lookahead reads (a space and a three-byte currency sign at most), so the lookahead
    /// sees the real bytes after a match.
    static let lookaheadMargin = 32

    /// The requirement for `rule`, when its pattern is a built-in one this filter knows.
    static func requirement(for rule: RedactionRule) -> Requirement? {
        guard let requirement = knownRequirements[rule.id], builtInPatterns[rule.id] == rule.pattern else { return nil }
        return requirement
    }

    /// The minimum digit counts are below the fewest digits any alternative of the pattern can
    /// match (cards have at least 13, the phone formats at least 8), so they only ever admit more.
    private static let knownRequirements: [String: Requirement] = [
        "payment-card": .digits(minimum: 12),
        "iban": .ibanShape,
        "phone-nanp": .digits(minimum: 7),
        "phone-area-code": .digits(minimum: 7),
        "phone-national": .digits(minimum: 7),
        "phone-mobile-it-es": .digits(minimum: 7),
    ]

    private static let builtInPatterns: [String: String] = {
        var patterns: [String: String] = [:]
        for rule in RuleSet.builtIn.rules where knownRequirements[rule.id] != nil { patterns[rule.id] = rule.pattern }
        return patterns
    }()

    /// Runs of `[0-9 +\-.()/]` with their digit counts, ascending.
    private(set) var digitRuns: [(range: Range<Int>, digits: Int)] = []
    /// Runs of `[A-Z0-9 ]` holding the IBAN shape, ascending.
    private(set) var ibanRuns: [Range<Int>] = []

    /// Finds the runs in `text` in one pass. Runs too short to hold any match are dropped.
    ///
    /// Every run worth keeping contains a digit, so while no run is open the pass looks for
    /// digits only, sixteen bytes at a time; at a digit it opens each kind of run, reaching back
    /// over the digit-free class bytes before it, and then follows both runs byte by byte until
    /// they end. Each byte is visited at most a few times, and the common digit-free stretches
    /// of text cost one vector compare per sixteen bytes instead of a branch per byte.
    init(in text: UnsafeRawBufferPointer) {
        let count = text.count
        var digitRuns: [(range: Range<Int>, digits: Int)] = []
        var ibanRuns: [Range<Int>] = []
        guard let base = text.baseAddress else { return }
        Self.classes.withUnsafeBufferPointer { classes in
            @inline(__always) func bits(_ index: Int) -> UInt8 { classes[Int(text[index])] }
            // The open runs: their starts (-1 when none is open), the number run's digit count,
            // whether the IBAN run holds the shape yet.
            var numberStart = -1, digits = 0
            var ibanStart = -1, shaped = false
            var position = 0
            let zero = SIMD16<UInt8>(repeating: UInt8(ascii: "0")), ten = SIMD16<UInt8>(repeating: 10)
            while position < count {
                if numberStart < 0, ibanStart < 0 {
                    // No run open: skip to the next chunk holding a digit.
                    if position + 16 <= count {
                        let chunk = base.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
                        if !any((chunk &- zero) .< ten) {
                            position += 16
                            continue
                        }
                    }
                    // Then to the digit itself, one byte at a time.
                    while position < count, bits(position) & Self.digit == 0 { position += 1 }
                    guard position < count else { break }
                }
                let byteBits = bits(position)
                if numberStart >= 0 {
                    if byteBits & Self.numberRun != 0 {
                        digits &+= Int(byteBits & Self.digit)
                    } else {
                        if digits >= 7 { digitRuns.append((numberStart..<position, digits)) }
                        numberStart = -1
                    }
                } else if byteBits & Self.digit != 0 {
                    // The bytes before a run's first digit hold no digit, so they add nothing.
                    var start = position
                    while start > 0, bits(start - 1) & Self.numberRun != 0 { start -= 1 }
                    numberStart = start
                    digits = 1
                }
                if ibanStart >= 0 {
                    if byteBits & Self.ibanRun != 0 {
                        // Two digits preceded by two capitals, all inside the run.
                        if !shaped, position - ibanStart >= 3, byteBits & Self.digit != 0,
                           bits(position - 1) & Self.digit != 0, bits(position - 2) & Self.capital != 0,
                           bits(position - 3) & Self.capital != 0
                        {
                            shaped = true
                        }
                    } else {
                        if shaped { ibanRuns.append(ibanStart..<position) }
                        ibanStart = -1
                    }
                } else if byteBits & Self.digit != 0 {
                    var start = position
                    while start > 0, bits(start - 1) & Self.ibanRun != 0 { start -= 1 }
                    ibanStart = start
                    // The shape needs two digits, so it cannot end before the next byte.
                    shaped = false
                }
                position += 1
            }
            if numberStart >= 0, digits >= 7 { digitRuns.append((numberStart..<count, digits)) }
            if ibanStart >= 0, shaped { ibanRuns.append(ibanStart..<count) }
        }
        self.digitRuns = digitRuns
        self.ibanRuns = ibanRuns
    }

    // Bits of ``classes``.
    private static let digit: UInt8 = 1
    private static let numberRun: UInt8 = 2
    private static let ibanRun: UInt8 = 4
    private static let capital: UInt8 = 8

    /// Per byte value, which runs it belongs to: a table keeps the per-byte work to one load.
    private static let classes: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var bits: UInt8 = 0
        if byte &- UInt8(ascii: "0") < 10 { bits |= digit | numberRun | ibanRun }
        if byte &- UInt8(ascii: "A") < 26 { bits |= capital | ibanRun }
        if byte == UInt8(ascii: " ") { bits |= numberRun | ibanRun }
        if "+-.()/".utf8.contains(byte) { bits |= numberRun }
        return bits
    }

    /// The runs meeting `requirement`, ascending.
    func runs(meeting requirement: Requirement) -> [Range<Int>] {
        switch requirement {
        case .digits(let minimum): digitRuns.compactMap { $0.digits >= minimum ? $0.range : nil }
        case .ibanShape: ibanRuns
        }
    }
}
