/// Finds the source line of a table or key in a TOML document, for error messages: TOMLKit
/// reports positions only for syntax errors, not for the values of a parsed document.
///
/// It reads each line as a table header (`[name]`, `[[name]]`), a `key = …` line or something
/// else, skipping lines inside multi-line strings, so a pattern spanning lines that happens to
/// contain `[[rule]]` or `id =` cannot mislead it. Inline tables (`rule = [{…}]`) are not
/// looked into; lookups then fall back to the enclosing line.
struct TOMLLineLocator {
    enum LineKind: Equatable {
        /// `[name]` (isArray false) or `[[name]]` (isArray true); `name` without spaces or quotes.
        case header(name: String, isArray: Bool)
        /// A line starting with `key =` (or `key.sub =`); the first key component, unquoted.
        case key(String)
        case other
    }

    /// The kind of each line; index 0 is line 1.
    let lines: [LineKind]
    /// The lines (1-based) of each `[[name]]` header, in order: every rule of a file asks for its
    /// own, so this is worked out once rather than by a scan per rule.
    private let tableArrayLines: [String: [Int]]

    init(text: String) {
        var kinds: [LineKind] = []
        var arrays: [String: [Int]] = [:]
        var state = ScanState.normal
        // Split on "\n" only; a trailing "\r" is whitespace to the classifier. The bytes are
        // read in place: default rule files are loaded on every start.
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            while start <= utf8.count {
                let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.count
                let bytes = Array(utf8[start..<end])
                let kind = state == .normal ? Self.classify(bytes) : .other
                if case .header(let name, true) = kind { arrays[name, default: []].append(kinds.count + 1) }
                kinds.append(kind)
                state = Self.advance(state, over: bytes)
                start = end + 1
            }
        }
        lines = kinds
        tableArrayLines = arrays
    }

    /// The line of the `index`-th (0-based) `[[name]]` header.
    func line(ofTableArray name: String, index: Int) -> Int? {
        guard let lines = tableArrayLines[name], lines.indices.contains(index) else { return nil }
        return lines[index]
    }

    /// The line of the `[name]` header.
    func line(ofTable name: String) -> Int? {
        lines.firstIndex(of: .header(name: name, isArray: false)).map { $0 + 1 }
    }

    /// The line of `key = …` inside the table whose header is on `tableLine`, or at the top level
    /// (before any header) when `tableLine` is nil.
    func line(ofKey key: String, inTableAt tableLine: Int?) -> Int? {
        var offset = tableLine ?? 0
        while offset < lines.count {
            switch lines[offset] {
            case .header: return nil
            case .key(let found) where found == key: return offset + 1
            default: offset += 1
            }
        }
        return nil
    }

    /// The line where a top-level name appears: `name = …` before any header, or a header for
    /// `[name]`, `[[name]]` or a sub-table `[name.sub]`.
    func line(ofTopLevelName name: String) -> Int? {
        if let line = line(ofKey: name, inTableAt: nil) { return line }
        return lines.firstIndex { kind in
            guard case .header(let header, _) = kind else { return false }
            return header == name || header.hasPrefix(name + ".")
        }.map { $0 + 1 }
    }

    // MARK: Scanning

    enum ScanState: Equatable { case normal, multilineBasic, multilineLiteral }

    private static func classify(_ bytes: [UInt8]) -> LineKind {
        var index = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.endIndex
        guard index < bytes.endIndex else { return .other }
        if bytes[index] == UInt8(ascii: "[") {
            let isArray = index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "[")
            index += isArray ? 2 : 1
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "]")) else { return .other }
            let name = bytes[index..<close].filter {
                $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'")
            }
            return .header(name: String(decoding: name, as: UTF8.self), isArray: isArray)
        }
        guard let (key, end) = readKey(bytes, from: index) else { return .other }
        // A key line continues with `=` or, for a dotted key, `.`.
        guard let next = bytes[end...].first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
              next == UInt8(ascii: "=") || next == UInt8(ascii: ".")
        else { return .other }
        return .key(key)
    }

    /// Reads a bare or quoted key at `start`; returns it and the index after it.
    private static func readKey(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = bytes[(start + 1)...].firstIndex(of: first) else { return nil }
            return (String(decoding: bytes[(start + 1)..<close], as: UTF8.self), close + 1)
        }
        var end = start
        while end < bytes.endIndex, isBareKeyByte(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), end)
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// The string state after reading `bytes` (one line) from `state`: tracks single-line strings
    /// within the line and multi-line strings across lines; a `#` outside strings ends the line.
    static func advance(_ state: ScanState, over bytes: [UInt8]) -> ScanState {
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
        func triple(_ byte: UInt8, at index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == byte && bytes[index + 1] == byte && bytes[index + 2] == byte
        }
        var state = state
        var index = 0
        while index < bytes.count {
            switch state {
            case .multilineBasic:
                if bytes[index] == backslash {
                    index += 2
                } else if triple(quote, at: index) {
                    state = .normal
                    index += 3
                } else {
                    index += 1
                }
            case .multilineLiteral:
                if triple(apostrophe, at: index) {
                    state = .normal
                    index += 3
                } else {
                    index += 1
                }
            case .normal:
                let byte = bytes[index]
                if byte == UInt8(ascii: "#") { return state }
                if triple(quote, at: index) {
                    state = .multilineBasic
                    index += 3
                } else if triple(apostrophe, at: index) {
                    state = .multilineLiteral
                    index += 3
                } else if byte == quote {
                    // A basic string ends at the next unescaped quote on this line.
                    index += 1
                    while index < bytes.count, bytes[index] != quote {
                        index += bytes[index] == backslash ? 2 : 1
                    }
                    index += 1
                } else if byte == apostrophe {
                    index += 1
                    while index < bytes.count, bytes[index] != apostrophe { index += 1 }
                    index += 1
                } else {
                    index += 1
                }
            }
        }
        return state
    }
}
