/// How a placeholder is written into the text around it: as is, inside a JSON string literal
/// (escaped), or inside a URL, form body or cookie (percent-encoded where the text would
/// otherwise change the structure; `[`, `]`, `:` and `*` stay readable).
enum PlaceholderEncoding {
    case plain
    case json
    case url
}

/// How a value is decoded before the pattern rules see it: not at all, percent-decoded (URLs,
/// forms, cookies), or as the content of a JSON string literal.
enum PatternDecoding {
    case none
    case percent
    case json
}

extension Redactor {
    /// The text that replaces `secret`, found by the rule (or structural check) `id`, in `style`:
    /// `[REDACTED:id]`, `****` plus the last 4 letters or digits (only `****` for secrets with
    /// fewer than 8, which would otherwise be half shown), or `[id:` + 8 hex digits of the keyed
    /// HMAC + `]`.
    func placeholder(id: String, style: RedactionRule.ReplacementStyle, secret: UnsafeRawBufferPointer) -> String {
        switch style {
        case .label:
            return "[REDACTED:\(id)]"
        case .mask:
            return Self.maskedPlaceholder(secret)
        case .hash:
            return "[\(id):\(hashKey.digestPrefix(of: secret))]"
        }
    }

    /// `****` plus the last 4 letters or digits of `secret`, or only `****` when it has fewer
    /// than 8. Letters and digits only: `DE89 3704 … 0130 00` shows `****3000`, as card receipts
    /// do, and the result is always recognized as a placeholder.
    static func maskedPlaceholder(_ secret: UnsafeRawBufferPointer) -> String {
        guard secret.allSatisfy({ $0 < 0x80 }) else {
            let characters = String(decoding: secret, as: UTF8.self).filter { $0.isLetter || $0.isNumber }
            return characters.count >= 8 ? "****" + characters.suffix(4) : "****"
        }
        // In ASCII the letters and digits are exactly `A-Z`, `a-z` and `0-9`: no need to build a
        // string and ask Unicode about each character. Read from the end, counting stops at
        // eight (all that decides) and the fourth from the end is where the shown ones start.
        var count = 0, shownStart = secret.count, index = secret.count
        while index > 0, count < 8 {
            index -= 1
            guard secret[index].isASCIILetterOrDigit else { continue }
            count += 1
            if count == 4 { shownStart = index }
        }
        guard count >= 8 else { return "****" }
        return String(unsafeUninitializedCapacity: 8) { buffer in
            var length = 4
            buffer.initialize(repeating: UInt8(ascii: "*"))
            for byte in secret[shownStart...] where byte.isASCIILetterOrDigit {
                buffer[length] = byte
                length += 1
            }
            return length
        }
    }

    /// Appends the placeholder for `secret`, encoded for its surroundings.
    func appendPlaceholder(id: String, style: RedactionRule.ReplacementStyle, secret: UnsafeRawBufferPointer,
                           encoding: PlaceholderEncoding, to output: inout [UInt8]) {
        append(placeholder(id: id, style: style, secret: secret), encoding: encoding, to: &output)
    }

    /// Appends a placeholder's text, encoded for its surroundings.
    func append(_ text: String, encoding: PlaceholderEncoding, to output: inout [UInt8]) {
        switch encoding {
        case .plain:
            output.append(contentsOf: text.utf8)
        case .json:
            JSONStringCoding.appendEscaped(text.utf8, to: &output)
        case .url:
            for byte in text.utf8 {
                if Self.keepsInURL(byte) {
                    output.append(byte)
                } else {
                    output.append(contentsOf: [UInt8(ascii: "%"), Self.upperHexDigits[Int(byte >> 4)],
                                               Self.upperHexDigits[Int(byte & 0x0F)]])
                }
            }
        }
    }

    /// The placeholder of a structural hit as a string, in the configured style (label by default).
    func structuralPlaceholder(_ id: String, secret: String, encoding: PlaceholderEncoding = .plain) -> [UInt8] {
        var output: [UInt8] = []
        Self.withBytes(of: secret) { bytes in
            appendPlaceholder(id: id, style: style ?? .label, secret: bytes, encoding: encoding, to: &output)
        }
        return output
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// Unreserved URL characters plus the placeholder punctuation, which every URL parser in use
    /// accepts literally.
    private static func keepsInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "*"):
            true
        default:
            false
        }
    }
}
