extension UInt8 {
    /// Whether the byte is an ASCII letter or digit (`A-Z`, `a-z`, `0-9`), in two compares.
    @inline(__always)
    var isASCIILetterOrDigit: Bool {
        self &- UInt8(ascii: "0") < 10 || (self | 0x20) &- UInt8(ascii: "a") < 26
    }
}
