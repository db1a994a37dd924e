/// A strict, iterative JSON reader that hands every string and number to a visitor in document
/// order together with its path, without building a tree: memory is the document plus one
/// decoded string. Used by the leak scanner so findings can be reported by JSON pointer.
///
/// Iterative rather than recursive so that deep nesting cannot overflow a (small) task stack;
/// nesting beyond `maximumDepth` is reported as ``Failure/tooDeep``.
struct JSONLeafWalker {
    enum Failure: Error {
        case invalid
        case tooDeep
    }

    /// One step of a JSON path.
    enum Component {
        case key(String)
        case index(Int)
    }

    /// What the visitor is given for each leaf.
    struct Leaf {
        enum Kind {
            /// An object key; the path ends with that key.
            case key
            case string
            case number
        }
        var kind: Kind
        /// The decoded string (or the number's text), UTF-8.
        var bytes: UnsafeRawBufferPointer
        /// The path of the member or element holding the leaf.
        var path: [Component]
        /// For a value inside an object that also has a string `"name"` member before it (HAR and
        /// Loupe headers, cookies and query parameters are `{"name", "value"}` pairs): that name.
        var siblingName: String?

        /// The RFC 6901 pointer of ``path``: `/log/entries/0/request/url`.
        var pointer: String { JSONLeafWalker.pointer(for: path) }

        /// The key of the member holding the leaf, when it is in an object.
        var memberKey: String? {
            if case .key(let key) = path.last { return key }
            return nil
        }
    }

    private enum Frame {
        case array(index: Int)
        case object(key: String, name: String?)
    }

    /// Walks `bytes`, calling `visit` for every key, string and number.
    ///
    /// - Throws: ``Failure/invalid`` when `bytes` is not exactly one JSON value (surrounding
    ///   whitespace allowed), ``Failure/tooDeep`` beyond `maximumDepth` nested containers.
    static func walk(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int, visit: (Leaf) -> Void) throws(Failure) {
        var reader = Reader(bytes: bytes)
        var stack: [Frame] = []
        var path: [Component] = []
        var scratch: [UInt8] = []

        // Each turn reads one value, then closes containers and moves to the next member.
        while true {
            reader.skipWhitespace()
            guard let byte = reader.peek() else { throw .invalid }
            switch byte {
            case UInt8(ascii: "{"):
                reader.index += 1
                guard stack.count < maximumDepth else { throw .tooDeep }
                reader.skipWhitespace()
                if reader.consume(UInt8(ascii: "}")) { break }
                let key = try readKey(&reader, &scratch, path: &path, visit: visit)
                stack.append(.object(key: key, name: nil))
                continue
            case UInt8(ascii: "["):
                reader.index += 1
                guard stack.count < maximumDepth else { throw .tooDeep }
                reader.skipWhitespace()
                if reader.consume(UInt8(ascii: "]")) { break }
                stack.append(.array(index: 0))
                path.append(.index(0))
                continue
            case UInt8(ascii: "\""):
                let siblingName = Self.siblingName(stack)
                let isNameMember: Bool
                if case .object(let key, _) = stack.last, key == "name" { isNameMember = true } else { isNameMember = false }
                var decoded: String?
                try reader.readString(into: &scratch) { (value) in
                    visit(Leaf(kind: .string, bytes: value, path: path, siblingName: siblingName))
                    if isNameMember { decoded = String(decoding: value, as: UTF8.self) }
                }
                if let decoded, case .object(let key, _) = stack.last {
                    stack[stack.count - 1] = .object(key: key, name: decoded)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = try reader.readNumber()
                visit(Leaf(kind: .number, bytes: UnsafeRawBufferPointer(rebasing: bytes[number]), path: path,
                           siblingName: Self.siblingName(stack)))
            case UInt8(ascii: "t"):
                try reader.expect("true")
            case UInt8(ascii: "f"):
                try reader.expect("false")
            case UInt8(ascii: "n"):
                try reader.expect("null")
            default:
                throw .invalid
            }

            // After a value: close finished containers, or step to the next element or member.
            while true {
                reader.skipWhitespace()
                guard let frame = stack.last else {
                    guard reader.peek() == nil else { throw .invalid }
                    return
                }
                switch frame {
                case .array(let index):
                    if reader.consume(UInt8(ascii: ",")) {
                        stack[stack.count - 1] = .array(index: index + 1)
                        path[path.count - 1] = .index(index + 1)
                    } else if reader.consume(UInt8(ascii: "]")) {
                        stack.removeLast()
                        path.removeLast()
                        continue
                    } else {
                        throw .invalid
                    }
                case .object(_, let name):
                    if reader.consume(UInt8(ascii: ",")) {
                        reader.skipWhitespace()
                        path.removeLast()
                        let key = try readKey(&reader, &scratch, path: &path, visit: visit)
                        stack[stack.count - 1] = .object(key: key, name: name)
                    } else if reader.consume(UInt8(ascii: "}")) {
                        stack.removeLast()
                        path.removeLast()
                        continue
                    } else {
                        throw .invalid
                    }
                }
                break
            }
        }
    }

    /// Reads `"key":`, pushes the key onto `path` and visits it.
    private static func readKey(_ reader: inout Reader, _ scratch: inout [UInt8], path: inout [Component],
                                visit: (Leaf) -> Void) throws(Failure) -> String {
        guard reader.peek() == UInt8(ascii: "\"") else { throw .invalid }
        var key = ""
        let parent = path
        try reader.readString(into: &scratch) { (value) in
            key = String(decoding: value, as: UTF8.self)
            visit(Leaf(kind: .key, bytes: value, path: parent + [.key(key)], siblingName: nil))
        }
        path.append(.key(key))
        reader.skipWhitespace()
        guard reader.consume(UInt8(ascii: ":")) else { throw .invalid }
        return key
    }

    private static func siblingName(_ stack: [Frame]) -> String? {
        if case .object(let key, let name) = stack.last, key != "name" { return name }
        return nil
    }

    /// The RFC 6901 pointer for `path` (`~` is written `~0`, `/` is written `~1`).
    static func pointer(for path: [Component]) -> String {
        var result = ""
        for component in path {
            result += "/"
            switch component {
            case .index(let index):
                result += String(index)
            case .key(let key):
                result += key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }
        }
        return result
    }
}

/// The byte-level half of ``JSONLeafWalker``.
private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func expect(_ literal: StaticString) throws(JSONLeafWalker.Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .invalid }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { throw .invalid }
        index += count
    }

    /// The byte range of a number (JSON grammar, checked loosely: digits, sign, `.`, exponent).
    mutating func readNumber() throws(JSONLeafWalker.Failure) -> Range<Int> {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        var digits = 0
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                break
            default:
                guard digits > 0 else { throw .invalid }
                return start..<index
            }
            index += 1
        }
        guard digits > 0 else { throw .invalid }
        return start..<index
    }

    /// Reads a string starting at its opening quote and passes its decoded UTF-8 to `body`; a
    /// string without escapes is passed without copying.
    mutating func readString(into scratch: inout [UInt8], _ body: (UnsafeRawBufferPointer) -> Void)
        throws(JSONLeafWalker.Failure)
    {
        index += 1  // the opening quote
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                body(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        guard index < bytes.count else { throw .invalid }

        // Escapes: decode into scratch.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                scratch.withUnsafeBytes { body($0) }
                return
            }
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { throw .invalid }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape(to: &scratch)
            default: throw .invalid
            }
        }
        throw .invalid
    }

    /// Decodes `XXXX` (after `\u`), pairing surrogates; a lone surrogate becomes U+FFFD.
    private mutating func appendUnicodeEscape(to scratch: inout [UInt8]) throws(JSONLeafWalker.Failure) {
        let first = try readHex4()
        var scalar = Unicode.Scalar(first)
        if (0xD800..<0xDC00).contains(first), index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
           bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            let second = try readHex4()
            if (0xDC00..<0xE000).contains(second) {
                scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            } else {
                index = saved  // not a pair: decode the second escape on its own
            }
        }
        scratch.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
    }

    private mutating func readHex4() throws(JSONLeafWalker.Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .invalid }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalid
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
