/// Finds the secrets of every pattern rule of a rule set in one text: prefilters all rules at
/// once (PCRE2's own length and byte facts, then one keyword pass), runs the survivors through
/// ``RedactionRule/validatedMatches(in:checkingKeywords:)`` and merges what they found into
/// non-overlapping spans.
///
/// Shared, immutable state: one engine serves every copy of a ``Redactor`` from any task.
final class PatternEngine: Sendable {
    /// A secret to replace: its byte range in the scanned text and the index of the rule that
    /// labels it.
    struct Span: Hashable {
        var range: Range<Int>
        var rule: Int
    }

    /// A rule gave up on a text (PCRE2 resource limit or another match error): the text cannot
    /// be proven clean.
    struct Unscannable: Error {
        var ruleID: String
        var error: PCRE2Error
    }

    let rules: [RedactionRule]
    /// The rules again, boxed: calling a method on a boxed rule borrows it, where going through
    /// the array copies the struct (and retains its many fields) on every call.
    private let boxes: [RuleBox]
    private let prefilters: [RulePrefilter]
    /// The positions of each rule's keywords in ``keywordIndex``, flattened:
    /// `keywordList[keywordStarts[r]..<keywordStarts[r + 1]]`; empty means "always run".
    private let keywordStarts: [Int]
    private let keywordList: [Int]
    private let keywordIndex: KeywordIndex
    /// For each rule, how far from a keyword its matches lie in a large text (see
    /// ``spans(in:regions:)``).
    private let reach: [Reach]
    /// For each keyword rule whose matches all start a fixed distance before a keyword (see
    /// ``KeywordAnchor``): the anchor, the positions of its keywords in ``keywordIndex`` and the
    /// pattern compiled anchored, which a large text tries at each keyword instead of searching
    /// the lines around it.
    private let anchored: [Anchored?]

    struct Anchored: Sendable {
        var offset: Int
        var keywords: [Int]
        var regex: PCRE2Regex
        /// Bytes before a start that rule a match out there
        /// (``KeywordAnchor/excludedPrecedingBytes(of:)``): such a start is not tried.
        var excludedBefore: ByteSet
        /// The bytes a match can start with (``RulePrefilter``'s, from PCRE2), when known: a
        /// start at any other byte is not tried. It tells most for a match starting before its
        /// keyword: the `/` of an expiry date anchors a start two bytes earlier, which must be
        /// `0` or `1`.
        var startBytes: ByteSet?
        /// What the byte after the pattern's fixed start must be, and how far past a start it
        /// lies (``KeywordAnchor/followingBytes(of:)``), when known: a start followed by another
        /// byte is not tried.
        var following: (offset: Int, bytes: ByteSet)?
    }
    /// Short texts already found clean: a proxy logs the same header values again and again.
    private let cleanTexts = CleanTextCache()
    /// The shortest text any rule can match; shorter strings are not scanned at all.
    private let minimumLength: Int
    /// For each keyword-less built-in rule, what its matches need (see ``CandidateRuns``); such
    /// a rule runs only from the start of each qualifying run instead of over every byte.
    private let runRequirements: [CandidateRuns.Requirement?]
    /// For each rule with a run requirement, its pattern compiled to take a last start offset:
    /// the search from a run's start then gives up at the run's end instead of trying every
    /// position of the lookahead margin after it, where no match it keeps can start.
    private let runRegexes: [PCRE2Regex?]

    final class RuleBox: Sendable {
        let rule: RedactionRule
        init(_ rule: RedactionRule) { self.rule = rule }

        /// ``RedactionRule/validatedMatches(in:startingAt:startingBefore:scratch:)`` of the boxed
        /// rule, which a method of the box borrows: called through the array of boxes, the rule
        /// is copied for each call.
        func validatedMatches(in bytes: UnsafeRawBufferPointer, startingAt start: Int, startingBefore limit: Int,
                              scratch: PCRE2Regex.MatchScratch) throws(PCRE2Error) -> [Range<Int>] {
            try rule.validatedMatches(in: bytes, startingAt: start, startingBefore: limit, scratch: scratch)
        }
    }

    /// - Parameter usesCandidateRuns: false scans keyword-less rules over every byte; only the
    ///   test proving both ways agree turns it off.
    init(rules: [RedactionRule], usesCandidateRuns: Bool = true) {
        self.rules = rules
        runRequirements = rules.map { rule in
            usesCandidateRuns && rule.keywords.isEmpty ? CandidateRuns.requirement(for: rule) : nil
        }
        runRegexes = zip(rules, runRequirements).map { rule, requirement in
            requirement == nil ? nil : try? PCRE2Regex(rule.pattern, options: .offsetLimit)
        }
        boxes = rules.map(RuleBox.init)
        let prefilters = rules.map { RulePrefilter.analyze($0.regex) }
        self.prefilters = prefilters
        minimumLength = prefilters.map(\.minimumLength).min() ?? 0
        let index = KeywordIndex(rules.flatMap(\.keywords))
        keywordIndex = index
        var starts = [0], list: [Int] = []
        for rule in rules {
            // A rule listing only empty keywords has no usable prefilter: it always runs.
            list += rule.keywords.compactMap { index.position(of: $0) }
            starts.append(list.count)
        }
        keywordStarts = starts
        keywordList = list
        reach = rules.indices.map { rule in
            Reach.of(rules[rule], keywords: Array(list[starts[rule]..<starts[rule + 1]]), in: index)
        }
        anchored = zip(rules, prefilters).map { rule, prefilter in
            guard let anchor = KeywordAnchor.of(pattern: rule.pattern, keywords: rule.keywords),
                  let regex = try? PCRE2Regex(rule.pattern, options: .anchored)
            else { return nil }
            return Anchored(offset: anchor.offset, keywords: anchor.keywords.compactMap(index.position(of:)), regex: regex,
                            excludedBefore: KeywordAnchor.excludedPrecedingBytes(of: rule.pattern),
                            startBytes: prefilter.startBytes ?? prefilter.firstBytes,
                            following: KeywordAnchor.followingBytes(of: rule.pattern))
        }
    }

    /// How far from a keyword the matches of a rule lie, which sets the regions a keyword rule
    /// runs over in a large text. Read off the rule's examples: a rule whose examples all match
    /// the same within the lines holding their keywords runs over those lines only.
    enum Reach {
        /// The keyword's line (cut 4 KB either side of the keyword).
        case line
        /// The keyword's line and the lines before and after it (each cut 4 KB from the keyword):
        /// a rule whose keyword may be a line away from its match (a YAML key above its value).
        case neighbourLines
        /// Within ``PatternEngine/multiLineReach`` of the keyword: a rule with a match spanning
        /// a line break in an example (a PEM block).
        case multiLine

        /// The reach of `rule`, whose `keywords` are these positions in `index`.
        static func of(_ rule: RedactionRule, keywords: [Int], in index: KeywordIndex) -> Reach {
            var reach = Reach.line
            for example in rule.examples where example.utf8.contains(UInt8(ascii: "\n")) {
                // Only an example with a line break can tell the reaches apart.
                let bytes = Array(example.utf8)
                guard let ranges = try? rule.validatedMatches(in: example, checkingKeywords: false) else { return .multiLine }
                if ranges.contains(where: { bytes[$0].contains(UInt8(ascii: "\n")) }) { return .multiLine }
                if reach == .line, !Self.findsOnKeywordLines(ranges, of: rule, in: bytes, keywords: keywords, index: index) {
                    reach = .neighbourLines
                }
            }
            return reach
        }

        /// Whether running `rule` over the lines holding its keywords in `bytes` finds `ranges`,
        /// what it finds over all of `bytes`.
        private static func findsOnKeywordLines(_ ranges: [Range<Int>], of rule: RedactionRule, in bytes: [UInt8],
                                                keywords: [Int], index: KeywordIndex) -> Bool {
            bytes.withUnsafeBytes { text in
                var wanted = [Bool](repeating: false, count: index.keywords.count)
                for keyword in keywords { wanted[keyword] = true }
                let positions = PatternEngine.positions(of: keywords, in: index.occurrences(in: text, wanted: wanted))
                var found: [Range<Int>] = []
                for region in PatternEngine.regions(around: positions, in: text, reach: .line) {
                    let subject = UnsafeRawBufferPointer(rebasing: text[region])
                    guard let matches = try? rule.validatedMatches(in: subject, checkingKeywords: false) else { return false }
                    found += matches.map { ($0.lowerBound + region.lowerBound)..<($0.upperBound + region.lowerBound) }
                }
                return found == ranges
            }
        }
    }

    /// The engine of the built-in rule set, built once: every logger, redactor and scanner of a
    /// process that uses the default rules shares it (building one takes milliseconds, and a
    /// process such as the test suite builds hundreds of redactors).
    static let builtIn = PatternEngine(rules: RuleSet.builtIn.rules)

    /// An engine for `rules`: the shared ``builtIn`` one when they are the built-in rules as
    /// loaded, else a new one.
    static func engine(for rules: [RedactionRule]) -> PatternEngine {
        // A rule set with any rule not loaded from the embedded files is not the built-in one;
        // deciding that first spares a custom set (`--no-default-rules`) loading the defaults.
        guard !rules.isEmpty, rules.allSatisfy({ $0.builtInPattern == $0.pattern }) else {
            return PatternEngine(rules: rules)
        }
        let builtIn = RuleSet.builtIn.rules
        let isBuiltIn = rules.count == builtIn.count && zip(rules, builtIn).allSatisfy { rule, original in
            rule.id == original.id && rule.pattern == original.pattern
                && rule.keywords == original.keywords && rule.validation == original.validation
                && rule.secretGroup == original.secretGroup && rule.replacement == original.replacement
        }
        return isBuiltIn ? Self.builtIn : PatternEngine(rules: rules)
    }

    /// Whether any rule's keyword occurs in `text`: only then can showing `text` as the context
    /// of a value (a JSON key, a header name) change what the rules find in the value.
    func mentionsKeyword(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = keywordIndex.keywords.count
        guard count > 0, !text.isEmpty else { return false }
        let folded = ByteSet(of: text).foldingASCIICase
        return keywordIndex.byteSets.withUnsafeBufferPointer { byteSets in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * count) { flags in
                flags.initialize(repeating: false)
                let wanted = UnsafeMutableBufferPointer(rebasing: flags[0..<count])
                let found = UnsafeMutableBufferPointer(rebasing: flags[count...])
                var any = false
                for keyword in 0..<count where byteSets[keyword].isSubset(of: folded) {
                    wanted[keyword] = true
                    any = true
                }
                guard any else { return false }
                keywordIndex.search(text, folded: folded, wanted: wanted, found: found)
                return found.contains(true)
            }
        }
    }

    /// The keyword positions of rule `rule`.
    private func keywords(of rule: Int) -> ArraySlice<Int> {
        keywordList[keywordStarts[rule]..<keywordStarts[rule + 1]]
    }

    /// Texts up to this size are scanned whole by every admitted rule; in longer ones a keyword
    /// rule only runs near its keywords.
    static let largeText = 64 * 1024
    /// How far from its keyword a match of a multi-line rule (a PEM block) may reach.
    static let multiLineReach = 16 * 1024

    /// The secrets in `text` (or, with `regions`, in those byte ranges of it, each scanned as a
    /// text of its own), ascending and non-overlapping. Matches lying inside a placeholder the
    /// redactor wrote earlier are ignored, so redacting twice finds nothing new.
    ///
    /// Overlapping matches of different rules are merged into one span covering both, so no
    /// part of either secret survives; the span is labelled by the rule with the longest match,
    /// ties going to the rule listed first.
    ///
    /// In a text longer than ``largeText`` a rule with keywords runs only around the places its
    /// keywords occur: anchored at each keyword when the pattern proves where its matches start
    /// relative to one (``KeywordAnchor``), else over the keyword's line (cut 4 KB from the
    /// keyword), with the lines before and after it for a rule whose examples need them, or,
    /// for a rule whose examples match across lines, within ``multiLineReach`` of the keyword
    /// (see ``Reach``). Rules without keywords still run over the whole text.
    ///
    /// - Throws: ``Unscannable`` when a rule fails on this text.
    func spans(in text: UnsafeRawBufferPointer, regions: [Range<Int>]? = nil) throws(Unscannable) -> [Span] {
        guard !text.isEmpty, !rules.isEmpty else { return [] }
        var found: [Span] = []
        if let regions {
            try collect(in: text, regions: regions, into: &found)
            guard !found.isEmpty else { return [] }
            return Self.merged(Self.withoutPlaceholders(found, in: text))
        }
        let remembered = text.count <= CleanTextCache.maximumLength
        if remembered, cleanTexts.contains(text) { return [] }
        try collectWhole(in: text, into: &found)
        let spans = found.isEmpty ? [] : Self.merged(Self.withoutPlaceholders(found, in: text))
        if remembered, spans.isEmpty { cleanTexts.insert(text) }
        return spans
    }

    /// The secrets in the values ``NamedPairFinder`` finds in `text`: each value is scanned as
    /// `NAME="value"`, and what the rules find inside the value counts.
    private func collectPairs(in text: UnsafeRawBufferPointer, present: ByteSet, into found: inout [Span])
        throws(Unscannable)
    {
        for pair in NamedPairFinder.shared.pairs(in: text, present: present) {
            let (assignment, valueStart) = NamedPairFinder.assignment(
                name: UnsafeRawBufferPointer(rebasing: text[pair.name]), value: UnsafeRawBufferPointer(rebasing: text[pair.value]))
            let valueRange = valueStart..<(valueStart + pair.value.count)
            let shift = pair.value.lowerBound - valueStart
            for span in try spans(of: assignment, pairs: false) {
                let clipped = span.range.clamped(to: valueRange)
                guard !clipped.isEmpty else { continue }
                found.append(Span(range: (clipped.lowerBound + shift)..<(clipped.upperBound + shift), rule: span.rule))
            }
        }
    }

    /// The spans in `bytes`: ``collectWhole(in:into:)``'s, or with `pairs` false only the rules'
    /// (a pair's `NAME="value"` is not searched for pairs again).
    private func spans(of bytes: [UInt8], pairs: Bool) throws(Unscannable) -> [Span] {
        try bytes.withUnsafeBytes { text in
            Result { () throws(Unscannable) -> [Span] in
                var spans: [Span] = []
                if pairs { try collectWhole(in: text, into: &spans) } else { try collect(in: text, into: &spans) }
                return spans
            }
        }.get()
    }

    /// Every rule over `regions` of `text`, each scanned as a text of its own. The regions (in a
    /// large text, thousands of lines around new placeholders) are joined by line breaks into one
    /// text and scanned once, so the prefilters run once for all of them rather than once per
    /// region, which with hundreds of rules cost more than the scanning. A match that would run
    /// across a joint is cut at its region's end.
    private func collect(in text: UnsafeRawBufferPointer, regions: [Range<Int>], into found: inout [Span])
        throws(Unscannable)
    {
        var joined: [UInt8] = []
        var starts: [(joined: Int, region: Range<Int>)] = []
        for region in regions where !region.isEmpty {
            starts.append((joined.count, region))
            joined.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[region]))
            joined.append(UInt8(ascii: "\n"))
        }
        guard !starts.isEmpty else { return }
        for span in try spans(of: joined, pairs: true) {
            // The last region starting at or before the span holds its start.
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle].joined <= span.range.lowerBound { low = middle } else { high = middle - 1 }
            }
            let (joinedStart, region) = starts[low]
            let lower = region.lowerBound + span.range.lowerBound - joinedStart
            let upper = min(region.upperBound, region.lowerBound + span.range.upperBound - joinedStart)
            guard lower < upper else { continue }
            found.append(Span(range: lower..<upper, rule: span.rule))
        }
    }

    /// Every rule over the whole of `text`: all admitted rules over every byte in a small text,
    /// keyword rules only near their keywords in a large one (see ``spans(in:regions:)``); then
    /// the values of the pairs ``NamedPairFinder`` finds.
    private func collectWhole(in text: UnsafeRawBufferPointer, into found: inout [Span]) throws(Unscannable) {
        if text.count <= Self.largeText {
            let present = try collect(in: text, into: &found)
            try collectPairs(in: text, present: present, into: &found)
        } else {
            try collectLarge(in: text, into: &found)
            try collectPairs(in: text, present: .all, into: &found)
        }
    }

    /// Every admitted rule over all of `text`. Returns the bytes `text` holds (none when it is
    /// too short for any rule).
    @discardableResult
    private func collect(in text: UnsafeRawBufferPointer, into found: inout [Span]) throws(Unscannable) -> ByteSet {
        let count = text.count
        guard count >= minimumLength else { return ByteSet() }
        let present = ByteSet(of: text)
        let folded = present.foldingASCIICase
        let keywordCount = keywordIndex.keywords.count
        let ruleCount = rules.count
        // Raw buffers throughout: this runs for every string of every event, and array accesses
        // in these loops would retain and release on each step.
        let failure: Unscannable? = prefilters.withUnsafeBufferPointer { prefilters in
            keywordStarts.withUnsafeBufferPointer { starts in
                keywordList.withUnsafeBufferPointer { list in
                  keywordIndex.byteSets.withUnsafeBufferPointer { byteSets in
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * keywordCount + ruleCount) { flags -> Unscannable? in
                        flags.initialize(repeating: false)
                        let wanted = UnsafeMutableBufferPointer(rebasing: flags[0..<keywordCount])
                        let occurs = UnsafeMutableBufferPointer(rebasing: flags[keywordCount..<(2 * keywordCount)])
                        let admitted = UnsafeMutableBufferPointer(rebasing: flags[(2 * keywordCount)...])

                        // Which keywords are worth searching: those of rules the cheap facts
                        // admit, whose bytes all occur in the text.
                        var anyAdmitted = false, anyWanted = false
                        for rule in 0..<ruleCount where prefilters[rule].admits(count: count, present: present) {
                            admitted[rule] = true
                            anyAdmitted = true
                            for slot in starts[rule]..<starts[rule + 1] where byteSets[list[slot]].isSubset(of: folded) {
                                wanted[list[slot]] = true
                                anyWanted = true
                            }
                        }
                        guard anyAdmitted else { return nil }
                        if anyWanted { keywordIndex.search(text, folded: folded, wanted: wanted, found: occurs) }

                        var candidates: CandidateRuns?
                        for rule in 0..<ruleCount where admitted[rule] {
                            let keywords = starts[rule]..<starts[rule + 1]
                            if !keywords.isEmpty, !keywords.contains(where: { occurs[list[$0]] }) { continue }
                            do throws(Unscannable) {
                                try run(rule, in: text, candidates: &candidates,
                                        into: &found)
                            } catch {
                                return error
                            }
                        }
                        return nil
                    }
                  }
                }
            }
        }
        if let failure { throw failure }
        return present
    }

    /// ``collect(in:into:)`` for a large text: keyword rules run near their keywords only
    /// (see ``spans(in:regions:)``).
    private func collectLarge(in text: UnsafeRawBufferPointer, into found: inout [Span]) throws(Unscannable) {
        // Megabytes of traffic hold nearly every byte value: finding out which would take longer
        // than the few rules and keywords the byte set could rule out.
        let admitted = rules.indices.filter { prefilters[$0].admits(count: text.count, present: .all) }
        var wanted = [Bool](repeating: false, count: keywordIndex.keywords.count)
        for rule in admitted {
            for keyword in keywords(of: rule) { wanted[keyword] = true }
        }
        let occurrences = wanted.contains(true) ? keywordIndex.occurrences(in: text, wanted: wanted) : []

        var candidates: CandidateRuns?
        for rule in admitted {
            let keywords = keywords(of: rule)
            if keywords.isEmpty {
                try run(rule, in: text, candidates: &candidates, into: &found)
                continue
            }
            let anchor = anchored[rule]
            let positions = Self.positions(of: anchor?.keywords ?? Array(keywords), in: occurrences)
            guard !positions.isEmpty else { continue }
            if let anchor {
                try run(rule, in: text, anchoredAt: positions, anchor: anchor, into: &found)
            } else {
                try run(rule, in: text, regions: Self.regions(around: positions, in: text, reach: reach[rule]), into: &found)
            }
        }
    }

    /// The ascending positions of `keywords` (positions in ``keywordIndex``) among `occurrences`,
    /// the result of ``KeywordIndex/occurrences(in:wanted:)``.
    private static func positions(of keywords: [Int], in occurrences: [[Int]]) -> [Int] {
        // Each list is ascending already: merge them, two at a time, instead of sorting the lot
        // (the `/` of an expiry date occurs a million times in 128 MB of traffic).
        keywords.reduce(into: [Int]()) { positions, keyword in
            guard occurrences.indices.contains(keyword), !occurrences[keyword].isEmpty else { return }
            positions = positions.isEmpty ? occurrences[keyword] : merged(positions, occurrences[keyword])
        }
    }

    /// The ascending union, with repeats, of two ascending lists.
    private static func merged(_ left: [Int], _ right: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(left.count + right.count)
        var (l, r) = (0, 0)
        while l < left.count, r < right.count {
            if left[l] <= right[r] {
                result.append(left[l])
                l += 1
            } else {
                result.append(right[r])
                r += 1
            }
        }
        result += left[l...]
        result += right[r...]
        return result
    }

    /// Merged regions around ascending keyword `positions` (see ``Reach``).
    static func regions(around positions: [Int], in text: UnsafeRawBufferPointer, reach: Reach) -> [Range<Int>] {
        let newline = UInt8(ascii: "\n")
        let count = text.count
        var regions: [Range<Int>] = []
        for position in positions {
            if reach != .multiLine, let last = regions.last, position < last.upperBound {
                // Inside the previous region. Its end is a line break after the keyword, so a
                // keyword-line region holds this keyword's line; else extend it to the end of this
                // keyword's line (of the following line for neighbour lines), searching only on
                // from its end so a long line full of keywords is read once.
                if reach == .line, text[last.upperBound - 1] == newline || last.upperBound == count { continue }
                let highest = min(count, position + 4096)
                if last.upperBound < highest {
                    let upper = ByteSearch.firstIndex(of: newline, in: text, last.upperBound..<highest).map { $0 + 1 } ?? highest
                    regions[regions.count - 1] = last.lowerBound..<upper
                }
                continue
            }
            var lower = position, upper = position
            switch reach {
            case .multiLine:
                lower = max(0, position - multiLineReach)
                upper = min(count, position + multiLineReach)
                while lower > 0, text[lower - 1] != newline, lower > position - 2 * multiLineReach { lower -= 1 }
                while upper < count, text[upper - 1] != newline, upper < position + 2 * multiLineReach { upper += 1 }
            case .line, .neighbourLines:
                let lowest = max(0, position - 4096), highest = min(count, position + 4096)
                // Back to the start of the line (of the previous line for neighbour lines).
                lower = lowest
                if let end = ByteSearch.lastIndex(of: newline, in: text, lowest..<position) {
                    if reach == .line {
                        lower = end + 1
                    } else if let start = ByteSearch.lastIndex(of: newline, in: text, lowest..<end) {
                        lower = start + 1
                    }
                }
                // On to the end of the line (of the next line for neighbour lines).
                upper = highest
                if let end = ByteSearch.firstIndex(of: newline, in: text, position..<highest) {
                    if reach == .line {
                        upper = end + 1
                    } else if let next = ByteSearch.firstIndex(of: newline, in: text, (end + 1)..<highest) {
                        upper = next + 1
                    }
                }
            }
            if let last = regions.last, last.upperBound >= lower {
                regions[regions.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                regions.append(lower..<upper)
            }
        }
        return regions
    }

    /// One rule over `text`: over the qualifying ``CandidateRuns`` (found once per text, on first
    /// need, in `candidates`) when the rule has a run requirement, else over every byte.
    private func run(_ rule: Int, in text: UnsafeRawBufferPointer, candidates: inout CandidateRuns?,
                     into found: inout [Span]) throws(Unscannable) {
        guard let requirement = runRequirements[rule] else {
            return try run(rule, in: text, into: &found)
        }
        if candidates == nil { candidates = CandidateRuns(in: text) }
        guard let runs = candidates?.runs(meeting: requirement), !runs.isEmpty else { return }
        // One copy of the rule for all the runs: reading it out of its box for each call would
        // copy it (and retain its many fields) every time.
        let pattern = boxes[rule].rule
        // One match data for all the runs of this text (this call owns it; nothing is shared).
        let scratch = PCRE2Regex.MatchScratch(for: runRegexes[rule] ?? pattern.regex)
        do throws(PCRE2Error) {
            for run in runs {
                // The subject stops a little past the run: far enough for the pattern's
                // lookahead, and PCRE2 does not hunt for a start beyond it. Lookbehind still sees
                // the real bytes before the run, as the subject begins at the text's start.
                let end = min(text.count, run.upperBound + CandidateRuns.lookaheadMargin)
                let subject = UnsafeRawBufferPointer(rebasing: text[0..<end])
                let ranges = try pattern.validatedMatches(in: subject, startingAt: run.lowerBound,
                                                                   startingBefore: run.upperBound, scratch: scratch)
                found += ranges.map { Span(range: $0, rule: rule) }
            }
        } catch {
            throw Unscannable(ruleID: rules[rule].id, error: error)
        }
    }

    /// One rule over each of `regions` of `text`, each scanned as a text of its own. A large text
    /// has hundreds of regions: they share one match data, and the rule is fetched once.
    private func run(_ rule: Int, in text: UnsafeRawBufferPointer, regions: [Range<Int>], into found: inout [Span])
        throws(Unscannable)
    {
        let pattern = boxes[rule].rule  // one copy for all the regions (see above)
        let scratch = PCRE2Regex.MatchScratch(for: pattern.regex)
        do throws(PCRE2Error) {
            for region in regions {
                let subject = UnsafeRawBufferPointer(rebasing: text[region])
                // Every match starts before the subject's end, so this finds what the whole-text
                // variant finds.
                let ranges = try pattern.validatedMatches(in: subject, startingAt: 0, startingBefore: subject.count + 1,
                                                         scratch: scratch)
                for range in ranges {
                    found.append(Span(range: (range.lowerBound + region.lowerBound)..<(range.upperBound + region.lowerBound),
                                      rule: rule))
                }
            }
        } catch {
            throw Unscannable(ruleID: rules[rule].id, error: error)
        }
    }

    /// How far past its keyword an anchored match attempt reads at most: like the 4 KB cut of a
    /// keyword's line, or twice ``multiLineReach`` for a rule that matches across lines.
    private func anchoredReach(of rule: Int) -> Int {
        reach[rule] == .multiLine ? 2 * Self.multiLineReach : 4096
    }

    /// One anchored rule tried at each keyword position of `keywordPositions` (ascending), less
    /// the anchor's offset.
    private func run(_ rule: Int, in text: UnsafeRawBufferPointer, anchoredAt keywordPositions: [Int], anchor: Anchored,
                     into found: inout [Span]) throws(Unscannable) {
        let pattern = boxes[rule].rule  // one copy for all the attempts (see above)
        let scratch = PCRE2Regex.MatchScratch(for: anchor.regex)
        let reach = anchoredReach(of: rule)
        var previous = -1
        do throws(PCRE2Error) {
            for position in keywordPositions {
                let start = position - anchor.offset
                guard start >= 0, start != previous else { continue }
                previous = start
                if start > 0, anchor.excludedBefore.contains(text[start - 1]) { continue }
                if let startBytes = anchor.startBytes, !startBytes.contains(text[start]) { continue }
                if let following = anchor.following {
                    let next = start + following.offset
                    guard next < text.count, following.bytes.contains(text[next]) else { continue }
                }
                // Lookbehind sees the bytes before `start`.
                let subject = UnsafeRawBufferPointer(rebasing: text[0..<min(text.count, position + reach)])
                for range in try pattern.validatedMatches(in: subject, startingAt: start, startingBefore: start + 1,
                                                          scratch: scratch) {
                    found.append(Span(range: range, rule: rule))
                }
            }
        } catch {
            throw Unscannable(ruleID: rules[rule].id, error: error)
        }
    }

    /// One rule over every byte of `text`.
    private func run(_ rule: Int, in text: UnsafeRawBufferPointer, into found: inout [Span]) throws(Unscannable) {
        let box = boxes[rule]
        let match = PCRE2Regex.MatchScratch(for: box.rule.regex)
        do throws(PCRE2Error) {
            // Every match starts before the text's end: this is the whole-text search.
            for range in try box.validatedMatches(in: text, startingAt: 0, startingBefore: text.count + 1, scratch: match) {
                found.append(Span(range: range, rule: rule))
            }
        } catch {
            throw Unscannable(ruleID: rules[rule].id, error: error)
        }
    }

    /// Drops matches that consist only of placeholders (and punctuation between them): what an
    /// earlier redaction wrote must not be redacted again.
    static func withoutPlaceholders(_ spans: [Span], in text: UnsafeRawBufferPointer) -> [Span] {
        guard RedactionPlaceholder.mayContainPlaceholder(text) else { return spans }
        let placeholders = RedactionPlaceholder.ranges(in: text)
        guard !placeholders.isEmpty else { return spans }
        return spans.filter { span in
            var position = span.range.lowerBound
            var placeholder = 0
            while position < span.range.upperBound {
                while placeholder < placeholders.count, placeholders[placeholder].upperBound <= position {
                    placeholder += 1
                }
                if placeholder < placeholders.count, placeholders[placeholder].contains(position) {
                    position = placeholders[placeholder].upperBound
                    continue
                }
                if isWordByte(text[position]) { return true }
                position += 1
            }
            return false
        }
    }

    /// Sorts spans and merges overlapping ones (see ``spans(in:)`` for the labelling rule).
    static func merged(_ spans: [Span]) -> [Span] {
        guard spans.count > 1 else { return spans }
        let sorted = spans.sorted {
            ($0.range.lowerBound, -$0.range.count, $0.rule) < ($1.range.lowerBound, -$1.range.count, $1.rule)
        }
        var result: [Span] = []
        result.reserveCapacity(sorted.count)
        var current = sorted[0]
        var currentLength = current.range.count
        for span in sorted.dropFirst() {
            if span.range.lowerBound < current.range.upperBound {
                let upper = max(current.range.upperBound, span.range.upperBound)
                if span.range.count > currentLength || (span.range.count == currentLength && span.rule < current.rule) {
                    current.rule = span.rule
                    currentLength = span.range.count
                }
                current.range = current.range.lowerBound..<upper
            } else {
                result.append(current)
                current = span
                currentLength = span.range.count
            }
        }
        result.append(current)
        return result
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte.isASCIILetterOrDigit
    }
}
