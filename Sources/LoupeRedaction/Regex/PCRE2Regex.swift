import CPCRE2
import Synchronization

/// A compiled PCRE2 pattern, safe to use from many tasks at once.
///
/// Patterns are compiled with `PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF`, so any bytes can
/// be matched (invalid UTF-8 never makes matching fail), and JIT-compiled on first use when the
/// platform allows it, falling back to the interpreter. Matching is bounded by a match limit, so
/// a pathological pattern or subject fails with ``PCRE2Error/isResourceLimit`` instead of hanging.
///
/// ```swift
/// let regex = try PCRE2Regex(#"\bAKIA[A-Z2-7]{16}\b"#)
/// for match in try regex.matches(in: "key=AKIAIOSFODNN7EXAMPLE") { print(match.range) }
/// ```
public final class PCRE2Regex: @unchecked Sendable {
    // @unchecked: `code` and `matchContext` are created in init and never modified afterwards,
    // but for the JIT code, which the first match compiles under `jitLock` before any thread
    // matches; PCRE2 documents compiled patterns (including JIT code) and contexts as safe to
    // share between threads for matching. Match data, the only mutable state, is per caller.

    /// Compile options on top of the always-on UTF, UCP and MATCH_INVALID_UTF.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// `(?i)`: case-insensitive.
        public static let caseless = Options(rawValue: PCRE2_CASELESS)
        /// `(?m)`: `^` and `$` match at line breaks.
        public static let multiline = Options(rawValue: PCRE2_MULTILINE)
        /// `(?s)`: `.` matches line breaks.
        public static let dotAll = Options(rawValue: PCRE2_DOTALL)
        /// `(?x)`: whitespace and `#` comments in the pattern are ignored.
        public static let extended = Options(rawValue: PCRE2_EXTENDED)
        /// A match must start at the offset the search starts from (the JIT honours this only
        /// as a compile option).
        public static let anchored = Options(rawValue: PCRE2_ANCHORED)
        /// A search may be told not to start a match past a given offset (see
        /// ``PCRE2Regex/forEachMatch(in:startingAt:startingAtMost:scratch:_:)``); the JIT
        /// compiles different code for that, so it is a compile option.
        static let offsetLimit = Options(rawValue: PCRE2_USE_OFFSET_LIMIT)
    }

    /// How many backtracking steps one match attempt may take before giving up (PCRE2's default
    /// is 10 000 000; a redactor sees hostile input, so the bound is tighter).
    public static let matchLimit: UInt32 = 2_000_000

    /// The pattern's source text.
    public let pattern: String
    /// The number of capture groups in the pattern.
    public let captureGroupCount: Int
    /// Whether the pattern runs as JIT-compiled machine code (compiling it now if no match has
    /// yet).
    public var isJITCompiled: Bool { preparedForMatching() }
    /// ``JITState`` raw value: the JIT compile waits for the first match, as most of a rule set's
    /// patterns never run in a given process (their keywords do not occur), and compiling all of
    /// them took half of `loupe redact`'s start-up.
    private let jitState = Atomic<UInt8>(JITState.pending.rawValue)
    private let jitLock = Mutex(())

    private enum JITState: UInt8 {
        case pending, compiled, interpreted
    }
    /// Whether a search may be given a last start offset (compiled with ``Options/offsetLimit``).
    let usesOffsetLimit: Bool

    /// The compiled pattern, which ``RulePrefilter`` also reads PCRE2's facts about.
    let code: OpaquePointer
    private let matchContext: OpaquePointer

    /// Compiles `pattern`.
    ///
    /// - Throws: ``PCRE2Error`` with PCRE2's message and the offset of the problem.
    public init(_ pattern: String, options: Options = []) throws(PCRE2Error) {
        self.pattern = pattern
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | options.rawValue
        let compiled = pattern.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) {
                pcre2_compile_8($0.baseAddress, $0.count - 1, flags, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else { throw PCRE2Error(code: errorCode, offset: errorOffset) }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY)
        }
        pcre2_set_match_limit_8(context, Self.matchLimit)
        code = compiled
        matchContext = context
        usesOffsetLimit = options.contains(.offsetLimit)

        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureGroupCount = Int(count)
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// Compiles the JIT code on the first call (one thread compiles, any other waits for it) and
    /// says whether matching runs it; later calls cost one atomic load.
    @inline(__always)
    private func preparedForMatching() -> Bool {
        switch JITState(rawValue: jitState.load(ordering: .acquiring)) {
        case .compiled: true
        case .interpreted: false
        case .pending, nil: compileJIT()
        }
    }

    private func compileJIT() -> Bool {
        jitLock.withLock { _ in
            if jitState.load(ordering: .acquiring) == JITState.pending.rawValue {
                let state: JITState = pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE) == 0 ? .compiled : .interpreted
                jitState.store(state.rawValue, ordering: .releasing)
            }
            return jitState.load(ordering: .acquiring) == JITState.compiled.rawValue
        }
    }

    /// Calls `body` with every non-overlapping match in `bytes` (UTF-8, possibly invalid), from
    /// `start` on, until `body` returns false. Ranges are byte offsets into `bytes`.
    ///
    /// - Throws: ``PCRE2Error`` when matching fails, e.g. on a resource limit; matches reported
    ///   before the failure stand.
    public func forEachMatch(in bytes: UnsafeRawBufferPointer, startingAt start: Int = 0,
                             _ body: (PCRE2Match) -> Bool) throws(PCRE2Error) {
        try forEachMatch(in: bytes, startingAt: start, scratch: MatchScratch(for: self), body)
    }

    /// Match data for one pattern, reused across many
    /// ``forEachMatch(in:startingAt:startingAtMost:scratch:_:)`` calls by one caller, which saves
    /// an allocation per call. Never share one between tasks: PCRE2 writes into it while matching.
    final class MatchScratch {
        fileprivate let matchData: OpaquePointer?
        /// For a regex that ``usesOffsetLimit``: a match context of this caller's own, whose
        /// offset limit each search sets (the regex's shared context is never written).
        fileprivate let limitContext: OpaquePointer?
        let regex: PCRE2Regex

        init(for regex: PCRE2Regex) {
            self.regex = regex
            matchData = pcre2_match_data_create_from_pattern_8(regex.code, nil)
            limitContext = regex.usesOffsetLimit ? pcre2_match_context_copy_8(regex.matchContext) : nil
        }

        deinit {
            if let matchData { pcre2_match_data_free_8(matchData) }
            if let limitContext { pcre2_match_context_free_8(limitContext) }
        }
    }

    /// ``forEachMatch(in:startingAt:_:)`` with caller-owned match data, created for this regex.
    ///
    /// - Parameter lastStart: The last offset a match may start at, for a caller that discards
    ///   matches starting later: a regex that ``usesOffsetLimit`` then gives up there instead of
    ///   searching on through the rest of `bytes`; any other regex ignores it.
    func forEachMatch(in bytes: UnsafeRawBufferPointer, startingAt start: Int = 0, startingAtMost lastStart: Int? = nil,
                      scratch: MatchScratch, _ body: (PCRE2Match) -> Bool) throws(PCRE2Error) {
        guard scratch.regex === self, let matchData = scratch.matchData else {
            throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY)
        }
        let isJITCompiled = preparedForMatching()
        var matchContext = matchContext
        if let lastStart, let limitContext = scratch.limitContext {
            pcre2_set_offset_limit_8(limitContext, max(0, lastStart))
            matchContext = limitContext
        }
        // An empty buffer may have no base address; PCRE2 needs a valid pointer even for length 0.
        let empty: UInt8 = 0
        try withUnsafePointer(to: empty) { (emptyPointer) throws(PCRE2Error) in
            let subject = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? emptyPointer
            let length = bytes.count
            var offset = start
            while offset <= length {
                // JIT code is called directly: `pcre2_match` would only repeat its argument
                // checks on every call before calling it, and the subject needs no UTF check
                // (MATCH_INVALID_UTF).
                let result = isJITCompiled
                    ? pcre2_jit_match_8(code, subject, length, offset, 0, matchData, matchContext)
                    : pcre2_match_8(code, subject, length, offset, 0, matchData, matchContext)
                if result == PCRE2_ERROR_NOMATCH { return }
                if result < 0 { throw PCRE2Error(code: result) }
                let match = Self.match(from: matchData, groupCount: captureGroupCount)
                guard body(match) else { return }
                let range = match.range
                if range.isEmpty {
                    // Step over one whole character so an empty match cannot repeat forever.
                    offset = range.upperBound + 1
                    while offset < length, subject[offset] & 0xC0 == 0x80 { offset += 1 }
                } else {
                    offset = range.upperBound
                }
            }
        }
    }

    /// Every non-overlapping match in `text`.
    public func matches(in text: String) throws(PCRE2Error) -> [PCRE2Match] {
        var result: [PCRE2Match] = []
        try withUTF8(of: text) { (bytes) throws(PCRE2Error) in
            try forEachMatch(in: bytes) { result.append($0); return true }
        }
        return result
    }

    /// The first match in `text`, if any.
    public func firstMatch(in text: String) throws(PCRE2Error) -> PCRE2Match? {
        var first: PCRE2Match?
        try withUTF8(of: text) { (bytes) throws(PCRE2Error) in
            try forEachMatch(in: bytes) { first = $0; return false }
        }
        return first
    }

    /// Whether the pattern matches anywhere in `text`.
    public func isMatch(_ text: String) throws(PCRE2Error) -> Bool {
        try firstMatch(in: text) != nil
    }

    private static func match(from matchData: OpaquePointer, groupCount: Int) -> PCRE2Match {
        let ovector = pcre2_get_ovector_pointer_8(matchData)!  // never nil for valid match data
        let unset = Int(bitPattern: UInt.max)  // PCRE2_UNSET is ~(size_t)0, imported as a signed Int
        var groups: [Range<Int>?] = []
        groups.reserveCapacity(groupCount + 1)
        for index in 0...groupCount {
            let lower = ovector[2 * index], upper = ovector[2 * index + 1]
            groups.append(lower == unset || upper == unset || lower > upper ? nil : lower..<upper)
        }
        return PCRE2Match(groups: groups)
    }
}

/// Runs `body` over the UTF-8 bytes of `text` without copying when the string is native.
func withUTF8<Value>(of text: String, _ body: (UnsafeRawBufferPointer) throws(PCRE2Error) -> Value)
    throws(PCRE2Error) -> Value
{
    var text = text
    let result: Result<Value, PCRE2Error> = text.withUTF8 { buffer in
        do throws(PCRE2Error) {
            return .success(try body(UnsafeRawBufferPointer(buffer)))
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}
