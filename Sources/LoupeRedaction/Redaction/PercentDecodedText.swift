/// The percent-decoded form of a URL, query, form body or cookie, with the source offset of every
/// decoded byte: patterns are matched against the decoded bytes (so `ann%40example.com` is an
/// email) and the secrets found are replaced in the source, leaving the rest encoded as it was.
struct PercentDecodedText {
    /// The decoded bytes: each valid `%XY` becomes one byte; anything else is copied.
    var bytes: [UInt8]
    /// `sourceOffsets[i]` is where decoded byte `i` starts in the source; one extra element holds
    /// the source's length.
    var sourceOffsets: [Int]

    /// Decodes `source`, or returns nil when it holds no valid `%XY` escape (then the source is
    /// its own decoding and no offsets are needed).
    init?(decoding source: UnsafeRawBufferPointer) {
        guard let first = Self.firstEscape(in: source) else { return nil }
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        bytes.reserveCapacity(source.count)
        offsets.reserveCapacity(source.count + 1)
        bytes.append(contentsOf: source[0..<first])
        offsets.append(contentsOf: 0..<first)
        var index = first
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let high = Self.hexValue(source[index + 1]), let low = Self.hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                offsets.append(index)
                index += 3
            } else {
                bytes.append(source[index])
                offsets.append(index)
                index += 1
            }
        }
        offsets.append(source.count)
        self.bytes = bytes
        self.sourceOffsets = offsets
    }

    /// The offset of the first valid `%XY`, if any.
    static func firstEscape(in source: UnsafeRawBufferPointer) -> Int? {
        guard source.count >= 3 else { return nil }
        for index in 0..<(source.count - 2) where source[index] == UInt8(ascii: "%") {
            if hexValue(source[index + 1]) != nil, hexValue(source[index + 2]) != nil { return index }
        }
        return nil
    }

    /// The value of one hex digit, either case.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The decoded text of `source` as a string (`+` left alone), for comparing names.
    static func decodedString(_ source: UnsafeRawBufferPointer, plusAsSpace: Bool) -> String {
        var bytes: [UInt8]
        if let decoded = PercentDecodedText(decoding: source) {
            bytes = decoded.bytes
        } else {
            bytes = Array(source)
        }
        if plusAsSpace {
            for index in bytes.indices where bytes[index] == UInt8(ascii: "+") { bytes[index] = UInt8(ascii: " ") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
