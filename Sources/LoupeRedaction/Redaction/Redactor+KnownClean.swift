extension Redactor {
    /// What a remembered text was: the same bytes as a header and as a URL are redacted differently.
    enum CleanTextKind: UInt8 {
        case header = 1
        case url = 2
    }

    /// `redact`'s answer, except that a short text this redactor already found clean (nothing
    /// replaced, nothing counted) is answered nil without redacting it again.
    ///
    /// A proxy logs the same header lines (`Accept`, `User-Agent`, `Server`) and request targets
    /// exchange after exchange; each cost a normalized name, a few lookups and a scan. The text
    /// remembered is the kind, the length of `first`, `first` and `second` (a header's name and
    /// value; a URL is all `second`), so no two different inputs share a key. The answer depends
    /// on the whole rule set, structural rules included, so the cache belongs to the redactor.
    @inline(__always)
    func unlessKnownClean(_ kind: CleanTextKind, _ first: String, _ second: String, counts: inout [String: Int],
                          _ redact: (inout [String: Int]) -> String?) -> String? {
        // The closures given to withKey capture the cache, never `self`: each capture would copy
        // the redactor (a struct of a dozen references), which cost more than the scan it saves.
        let cache = knownCleanTexts
        if Self.withKey(kind, first, second, { cache.contains($0) }) == true { return nil }
        let hitsBefore = counts.values.reduce(0, +)
        let redacted = redact(&counts)
        if redacted == nil, counts.values.reduce(0, +) == hitsBefore {
            _ = Self.withKey(kind, first, second) { cache.insert($0) }
        }
        return redacted
    }

    /// Calls `body` with the key of a text on the stack; nil when the text is too long to remember.
    private static func withKey<Result>(_ kind: CleanTextKind, _ first: String, _ second: String,
                                        _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        let length = 2 + first.utf8.count + second.utf8.count
        guard length <= CleanTextCache.maximumLength else { return nil }
        var first = first, second = second  // withUTF8 may make a text contiguous, so it is mutating
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { key in
            key[0] = kind.rawValue
            key[1] = UInt8(first.utf8.count)  // at most 254, as the whole key is at most 256 bytes
            first.withUTF8 { bytes in
                if let base = bytes.baseAddress { (key.baseAddress! + 2).initialize(from: base, count: bytes.count) }
            }
            second.withUTF8 { bytes in
                if let base = bytes.baseAddress { (key.baseAddress! + length - bytes.count).initialize(from: base, count: bytes.count) }
            }
            return body(UnsafeRawBufferPointer(key))
        }
    }
}
