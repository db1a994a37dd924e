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

    /// The facts PCRE2 recorded about the compiled `regex`: derived from the very code that
    /// matches, they hold for it whatever its case options, and reading them costs no compile
    /// (an extra caseless compile of hundreds of patterns once took a third of `loupe redact`'s
    /// start-up).
    static func analyze(_ regex: PCRE2Regex) -> RulePrefilter {
        let code = regex.code
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
