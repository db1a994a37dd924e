/// Decoding and encoding of JSON string literals for the redactor: decoding keeps, for every
/// decoded byte, the offset of the escape it came from, so secrets found in the decoded text are
/// replaced in the original literal and everything else keeps its original escapes.
enum JSONStringCoding {
    static let lowerHexDigits = Array("0123456789abcdef".utf8)

    /// Decodes the content of a string literal (between the quotes) into `bytes`, and into
    /// `offsets` the raw offset each decoded byte comes from, plus a final `raw.count`. Both
    /// buffers are cleared first (they are reused across strings).
    ///
    /// Decoding is lenient, as a redactor must be: an unknown escape is kept as written and an
    /// unpaired surrogate becomes U+FFFD.
    static func decode(_ raw: UnsafeRawBufferPointer, into bytes: inout [UInt8], offsets: inout [Int]) {
        bytes.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        var index = 0
        let count = raw.count
        while index < count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < count else {
                bytes.append(byte)
                offsets.append(index)
                index += 1
                continue
            }
            let start = index
            let escaped = raw[index + 1]
            index += 2
            func append(_ decoded: UInt8) {
                bytes.append(decoded)
                offsets.append(start)
            }
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(escaped)
            case UInt8(ascii: "b"): append(0x08)
            case UInt8(ascii: "f"): append(0x0C)
            case UInt8(ascii: "n"): append(0x0A)
            case UInt8(ascii: "r"): append(0x0D)
            case UInt8(ascii: "t"): append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit(raw, at: index) else {
                    append(UInt8(ascii: "\\"))
                    append(escaped)
                    break
                }
                index += 4
                var scalar = Unicode.Scalar(UInt32(unit))
                if (0xD800...0xDBFF).contains(unit), index + 6 <= count, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u"), let low = hexUnit(raw, at: index + 2), (0xDC00...0xDFFF).contains(low)
                {
                    index += 6
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                }
                UTF8.encode(scalar ?? "\u{FFFD}") { append($0) }
            default:
                append(UInt8(ascii: "\\"))
                append(escaped)
            }
        }
        offsets.append(count)
    }

    /// Appends `text` as the content of a JSON string literal: `"`, `\` and control characters
    /// escaped, everything else (including non-ASCII) as is.
    static func appendEscaped(_ text: some Sequence<UInt8>, to output: inout [UInt8]) {
        let done: Void? = text.withContiguousStorageIfAvailable { appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
        if done == nil { Array(text).withUnsafeBytes { appendEscaped($0, to: &output) } }
    }

    /// ``appendEscaped(_:to:)`` over bytes: runs that need no escape are copied at once.
    static func appendEscaped(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var runStart = 0
        for (index, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            output.append(contentsOf: text[runStart..<index])
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                           lowerHexDigits[Int(byte >> 4)], lowerHexDigits[Int(byte & 0x0F)]])
            }
        }
        output.append(contentsOf: text[runStart...])
    }

    /// The value of 4 hex digits at `index`, if there are 4.
    private static func hexUnit(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt16? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = PercentDecodedText.hexValue(raw[index + offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
