/// Text shown to the rules around a value without being part of it: a JSON value is scanned as
/// `"key":"value"` and a header value as `Name: value`, so rules anchored on a name
/// (`"tel": "0612345678"`, `token=…`) still see the name when the value is scanned alone.
struct ScanContext {
    var prefix: [UInt8]
    var suffix: [UInt8]

    /// The context of a JSON member's value: `"key":"` before it and `"` after it (no quotes
    /// for a number).
    static func jsonMember(key: String, quoted: Bool) -> ScanContext {
        var prefix: [UInt8] = [UInt8(ascii: "\"")]
        JSONStringCoding.appendEscaped(key.utf8, to: &prefix)
        prefix += Array((quoted ? "\":\"" : "\":").utf8)
        return ScanContext(prefix: prefix, suffix: quoted ? [UInt8(ascii: "\"")] : [])
    }

    /// The context of a header value: `Name: ` before it.
    static func header(_ name: String) -> ScanContext {
        ScanContext(prefix: Array((name + ": ").utf8), suffix: [])
    }
}

/// How one value goes through the pattern pass: how it is decoded for matching, how
/// placeholders are encoded into it, and what context the rules see around it.
struct ScanOptions {
    var decoding: PatternDecoding = .none
    /// Also read `+` as a space (form encoding) and replace what either reading finds.
    var plusAsSpace = false
    var encoding: PlaceholderEncoding
    var context: ScanContext?

    init(decoding: PatternDecoding = .none, plusAsSpace: Bool = false, encoding: PlaceholderEncoding,
         context: ScanContext? = nil) {
        self.decoding = decoding
        self.plusAsSpace = plusAsSpace
        self.encoding = encoding
        self.context = context
    }
}
