/// A syntax check for one JSON text (RFC 8259, plus the trailing commas Foundation's parser
/// accepts) whose top level is an object, noting whether its
/// `alg` member is a string: all ``JWTShape`` needs from a decoded segment, without building
/// values.
struct JSONObjectShape {
    /// Whether the object's (last) `alg` member has a string value.
    var hasStringAlg = false

    /// Deeper nesting is rejected rather than recursed into, so hostile tokens cannot exhaust
    /// the stack.
    static let maximumDepth = 256

    /// The shape of `bytes` when they are exactly one JSON object (surrounding whitespace
    /// allowed); nil for anything else.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONObjectShape? {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{"), parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        guard parser.position == bytes.count else { return nil }
        return JSONObjectShape(hasStringAlg: parser.hasStringAlg)
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        var hasStringAlg = false

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < JSONObjectShape.maximumDepth, let byte = peek else { return false }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["): return array(depth: depth + 1)
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func object(depth: Int) -> Bool {
            position += 1  // "{"
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return true }
            while true {
                skipWhitespace()
                // Foundation's parser, which this check replaced, accepts a trailing comma.
                if consume(UInt8(ascii: "}")) { return true }
                guard peek == UInt8(ascii: "\""), let key = string() else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                let valueStart = position
                guard value(depth: depth) else { return false }
                if depth == 1, isAlg(key) { hasStringAlg = bytes[valueStart] == UInt8(ascii: "\"") }
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { return true }
                guard consume(UInt8(ascii: ",")) else { return false }
            }
        }

        mutating func array(depth: Int) -> Bool {
            position += 1  // "["
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return true }
            while true {
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { return true }  // a trailing comma, as in objects
                guard value(depth: depth) else { return false }
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { return true }
                guard consume(UInt8(ascii: ",")) else { return false }
            }
        }

        /// Parses a string and returns the range of its raw contents (between the quotes).
        mutating func string() -> Range<Int>? {
            position += 1  // opening quote
            let start = position
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return start..<(position - 1)
                case UInt8(ascii: "\\"):
                    position += 1
                    guard let escaped = peek else { return nil }
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let digit = peek, digit.isHexDigit else { return nil }
                            position += 1
                        }
                    default:
                        return nil
                    }
                case 0..<0x20:
                    return nil  // control characters must be escaped
                default:
                    position += 1
                }
            }
            return nil
        }

        mutating func number() -> Bool {
            _ = consume(UInt8(ascii: "-"))
            if consume(UInt8(ascii: "0")) {
                // No leading zeros.
            } else {
                guard digits() else { return false }
            }
            if consume(UInt8(ascii: ".")) { guard digits() else { return false } }
            if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
                if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
                guard digits() else { return false }
            }
            return true
        }

        /// One or more decimal digits.
        mutating func digits() -> Bool {
            let start = position
            while let byte = peek, byte &- UInt8(ascii: "0") < 10 { position += 1 }
            return position > start
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
            position += count
            return true
        }

        func isAlg(_ key: Range<Int>) -> Bool {
            key.count == 3 && bytes[key.lowerBound] == UInt8(ascii: "a") && bytes[key.lowerBound + 1] == UInt8(ascii: "l")
                && bytes[key.lowerBound + 2] == UInt8(ascii: "g")
        }
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        self &- UInt8(ascii: "0") < 10 || (self | 0x20) &- UInt8(ascii: "a") < 6
    }
}
