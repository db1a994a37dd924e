import CPCRE2

/// Cheap necessary conditions for a rule's pattern to match a text, read from PCRE2's own
/// analysis of the pattern: the shortest possible match, the bytes a match can start with and the
/// literal bytes every match contains. A text failing any of them cannot match, so the redactor
/// skips the rule without calling PCRE2 at all, which matters for the many short strings of a
/// JSON body and for rules without keywords (phones, cards).
///
/// These are the same facts PCRE2 uses to skip start positions inside one match call, so using
/// them up front never skips a text the pattern would match.
struct RulePrefilter: Sendable {
    /// The fewest characters (hence at most this many bytes) any match has.
    var minimumLength: Int
    /// Bytes of which one must occur for a match to start anywhere; nil when any byte can.
    var startBytes: ByteSet?
    /// A literal first byte every match starts with (with its other ASCII case), if any.
    var firstBytes: ByteSet?
    /// PCRE2's "required" byte every match contains (with its other ASCII case), if any.
    var requiredBytes: ByteSet?

    /// A filter that admits every text.
    static let admitsEverything = RulePrefilter(minimumLength: 0, startBytes: nil, firstBytes: nil, requiredBytes: nil)

    /// Analyzes `pattern` by compiling it once more without JIT. The analysis compile adds
    /// `PCRE2_CASELESS`: a caseless pattern matches a superset of texts, so its conditions hold
    /// whatever case options the real pattern was compiled with. A pattern that does not compile
    /// this way gets no filter.
    static func analyze(_ pattern: String) -> RulePrefilter {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | PCRE2_CASELESS
        let compiled = pattern.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) {
                pcre2_compile_8($0.baseAddress, $0.count - 1, flags, &errorCode, &errorOffset, nil)
            }
        }
        guard let code = compiled else { return .admitsEverything }
        defer { pcre2_code_free_8(code) }
        return analyze(code: code)
    }

    /// Analyzes the compiled `regex` itself: PCRE2 derived these facts from the very code that
    /// matches, so they hold for it, and reading them spares compiling each pattern once more
    /// (caseless compiles of hundreds of patterns took a third of `loupe redact`'s start-up).
    static func analyze(_ regex: PCRE2Regex) -> RulePrefilter {
        analyze(code: regex.code)
    }

    /// The facts PCRE2 recorded about the compiled pattern `code`.
    private static func analyze(code: OpaquePointer) -> RulePrefilter {
        var minimumLength: UInt32 = 0
        if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MINLENGTH), &minimumLength) != 0 { minimumLength = 0 }

        var firstType: UInt32 = 0
        var startBytes: ByteSet?
        var firstBytes: ByteSet?
        var requiredBytes: ByteSet?
        if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &firstType) == 0 {
            if firstType == 1, let unit = codeUnit(code, PCRE2_INFO_FIRSTCODEUNIT) {
                firstBytes = caseInsensitiveSet(unit)
            } else if firstType == 0 {
                var bitmap: UnsafePointer<UInt8>?
                if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &bitmap) == 0, let bitmap {
                    startBytes = ByteSet(bitmap: bitmap)
                }
            }
        }
        var lastType: UInt32 = 0
        if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_LASTCODETYPE), &lastType) == 0, lastType == 1,
           let unit = codeUnit(code, PCRE2_INFO_LASTCODEUNIT)
        {
            requiredBytes = caseInsensitiveSet(unit)
        }
        return RulePrefilter(minimumLength: Int(minimumLength), startBytes: startBytes, firstBytes: firstBytes,
                             requiredBytes: requiredBytes)
    }

    /// Whether a text of `count` bytes containing exactly the bytes `present` may match.
    @inline(__always)
    func admits(count: Int, present: ByteSet) -> Bool {
        guard count >= minimumLength else { return false }
        if let startBytes, !startBytes.intersects(present) { return false }
        if let firstBytes, !firstBytes.intersects(present) { return false }
        if let requiredBytes, !requiredBytes.intersects(present) { return false }
        return true
    }

    private static func codeUnit(_ code: OpaquePointer, _ what: Int32) -> UInt8? {
        var unit: UInt32 = 0
        guard pcre2_pattern_info_8(code, UInt32(what), &unit) == 0, unit <= 0xFF else { return nil }
        return UInt8(unit)
    }

    private static func caseInsensitiveSet(_ byte: UInt8) -> ByteSet {
        var set = ByteSet()
        set.insertCaseInsensitive(byte)
        return set
    }
}
