/// An incremental JSON rewriter with bounded memory: feed it a document in chunks of any size and
/// it returns the redacted document in pieces, so `loupe redact --format json|har` can stream a
/// file of any size.
///
/// Structure and whitespace are copied verbatim. Every string is decoded (escapes, surrogate
/// pairs) and redacted:
/// - values of sensitive keys are replaced whatever their type: strings and numbers by their
///   placeholder, a sensitive object or array is skipped as a whole (never buffered) and becomes
///   `"[REDACTED:json-key]"`; `null`, `true`, `false` and empty strings stay;
/// - HAR-style `{"name": "Authorization", "value": "…"}` pairs get the header, cookie, query or
///   form rules of their `name` (by the key of the enclosing array: `headers`, `cookies`,
///   `queryString`, `params`), when `name` comes before `value`;
/// - URLs get ``Redactor/redactURL(_:counts:)``; a `text`/`body` next to a `mimeType` or
///   `contentType` is redacted by that type, and JSON text inside any string as JSON;
/// - every other string (object keys included) and every number gets the pattern rules, with the
///   member's key shown to them as context (`"tel":"…"`) when the key holds a keyword; a number
///   found to be a secret becomes a placeholder string.
///
/// Strings that change are re-encoded as valid JSON; unchanged parts keep their original escapes.
/// Invalid UTF-8 inside strings is copied as it is.
///
/// Several top-level values in a row (NDJSON, JSON sequences) are accepted. Memory is bounded by
/// the nesting depth (at most ``maximumDepth``) and the longest single string or number token,
/// which is buffered whole (a 100 MB string costs 100 MB). ``feed(_:)`` throws at the first
/// malformed byte with its offset; ``Redactor/redactJSON(_:counts:)`` instead redacts the rest
/// of a malformed or truncated text as plain text.
///
/// ```swift
/// var stream = redactor.makeJSONStream()
/// for chunk in chunks { write(try stream.feed(chunk)) }
/// write(try stream.finish())
/// print(stream.counts)   // ["json-key": 2, "email": 1]
/// ```
public struct JSONStreamRedactor {
    /// The deepest nesting of objects and arrays accepted; deeper input is reported as an error
    /// rather than growing memory without bound.
    public static let maximumDepth = 4_096

    /// The hits so far, by rule id.
    public private(set) var counts: [String: Int] = [:]

    /// Whether any value was replaced so far.
    private(set) var changed = false
    /// The first error; once set, the stream accepts nothing more.
    private(set) var failure: JSONStreamError?

    private let redactor: Redactor
    /// How many JSON documents this one is embedded in (as string values), to bound recursion.
    private let embeddingDepth: Int

    /// The offset in the whole input of the next byte to process.
    private var offset = 0
    private var frames: [Frame] = []
    private var expect: Expect = .topLevel
    private var mode: Mode = .structure

    /// The raw bytes of a string (without quotes) or number/literal token split across chunks.
    private var token: [UInt8] = []
    private var tokenStart = 0
    private var tokenIsKey = false
    private var escapePending = false
    /// Inside a skipped sensitive sub-tree: nesting depth and string state.
    private var skipDepth = 0
    private var skipInString = false
    private var skipEscape = false
    // Reused decoding buffers, so a string costs no allocation once they have grown.
    private var decoded: [UInt8] = []
    private var decodedOffsets: [Int] = []

    /// What the next non-whitespace byte may be.
    private enum Expect {
        /// Between top-level values: a value or the end of input.
        case topLevel
        /// After `:` or `,` in an array.
        case value
        /// After `[`.
        case valueOrEnd
        /// After `{`.
        case keyOrEnd
        /// After `,` in an object.
        case key
        case colon
        /// After a member or element.
        case commaOrEnd
    }

    private enum Mode {
        case structure
        case string
        case literal
        case skip
    }

    /// One open object or array.
    private struct Frame {
        var isObject: Bool
        /// The normalized key this container sits under; for a container inside an array, the
        /// array's key (so the objects of `"headers": [...]` know they are headers).
        var context: String
        /// Objects: the current member's key, between the key and the end of its value.
        var key: Key?
        /// Objects: the decoded value of a member that names the object (``pairNameKeys``), for a
        /// following member holding its value (``pairValueKeys``).
        var pairName: String?
        /// Objects: the value of a `contentType` or `mimeType` member, for a following `text`.
        var contentType: String?
    }

    struct Key {
        /// The key as decoded when the rules should see it as the context of its value.
        var contextText: String?
        var normalized: String
        var isSensitive: Bool
    }

    init(redactor: Redactor, embeddingDepth: Int = 0) {
        self.redactor = redactor
        self.embeddingDepth = embeddingDepth
    }

    // MARK: Public interface

    /// Redacts the next chunk and returns the output it completes (possibly empty, when the
    /// chunk ends inside a string).
    ///
    /// - Throws: ``JSONStreamError`` when the input is not JSON; the stream then stays failed.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(JSONStreamError) -> [UInt8] {
        if let failure { throw failure }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            process(UnsafeRawBufferPointer(buffer), into: &output)
        }
        if done == nil {
            Array(bytes).withUnsafeBytes { process($0, into: &output) }
        }
        if let failure { throw failure }
        return output
    }

    /// Ends the input and returns the last output.
    ///
    /// - Throws: ``JSONStreamError`` when the input ended inside a value or container.
    public mutating func finish() throws(JSONStreamError) -> [UInt8] {
        if let failure { throw failure }
        var output: [UInt8] = []
        finish(leniently: false, into: &output)
        if let failure { throw failure }
        return output
    }

    // MARK: Processing

    /// Processes `buffer`, appending output; stops at the first error, recorded in ``failure``.
    /// On failure, `output` holds exactly the redaction of the input before `failure.offset`.
    mutating func process(_ buffer: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        var index = 0
        let count = buffer.count
        while index < count, failure == nil {
            switch mode {
            case .string:
                var end = index
                var escaped = escapePending
                while end < count {
                    let byte = buffer[end]
                    if byte < 0x20 {
                        break  // a raw control character, which JSON strings may not hold (RFC 8259 §7)
                    } else if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        break
                    }
                    end += 1
                }
                if end < count, buffer[end] < 0x20 {
                    // Not JSON from the string's opening quote on: the caller redacts the rest as
                    // text, which must see the string's text too, as the context of what follows
                    // (a key and a value on one line, `token: "…"`, were read as one string).
                    offset = tokenStart
                    fail("a string holds a raw control character, which JSON does not allow", found: buffer[end])
                } else if end == count {
                    token.append(contentsOf: buffer[index..<count])
                    escapePending = escaped
                    offset += count - index
                    index = count
                } else {
                    if token.isEmpty {
                        completeString(UnsafeRawBufferPointer(rebasing: buffer[index..<end]), into: &output)
                    } else {
                        token.append(contentsOf: buffer[index..<end])
                        var pending: [UInt8] = []
                        swap(&pending, &token)
                        pending.withUnsafeBytes { completeString($0, into: &output) }
                        pending.removeAll(keepingCapacity: true)
                        swap(&pending, &token)
                    }
                    escapePending = false
                    offset += end + 1 - index
                    index = end + 1
                    mode = .structure
                }

            case .literal:
                var end = index
                while end < count, Self.isLiteralByte(buffer[end]) { end += 1 }
                token.append(contentsOf: buffer[index..<end])
                offset += end - index
                index = end
                if end < count {
                    completeLiteral(into: &output)
                    mode = .structure
                }

            case .skip:
                while index < count, mode == .skip {
                    let byte = buffer[index]
                    index += 1
                    offset += 1
                    if skipInString {
                        if skipEscape {
                            skipEscape = false
                        } else if byte == UInt8(ascii: "\\") {
                            skipEscape = true
                        } else if byte == UInt8(ascii: "\"") {
                            skipInString = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        skipInString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        skipDepth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        skipDepth -= 1
                        if skipDepth == 0 {
                            emitSkippedPlaceholder(into: &output)
                            mode = .structure
                            valueCompleted()
                        }
                    }
                }

            case .structure:
                let byte = buffer[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                    || byte == UInt8(ascii: "\t")
                {
                    output.append(byte)
                } else {
                    structural(byte, into: &output)
                    // Literals are consumed by the literal mode, starting with this byte.
                    if mode == .literal { continue }
                }
                if failure == nil {
                    index += 1
                    offset += 1
                }
            }
        }
    }

    /// One non-whitespace byte between tokens.
    private mutating func structural(_ byte: UInt8, into output: inout [UInt8]) {
        switch expect {
        case .topLevel, .value, .valueOrEnd:
            if expect == .valueOrEnd, byte == UInt8(ascii: "]") {
                closeContainer(byte, into: &output)
            } else {
                startValue(byte, into: &output)
            }
        case .keyOrEnd, .key:
            if byte == UInt8(ascii: "\"") {
                mode = .string
                tokenIsKey = true
                tokenStart = offset
            } else if expect == .keyOrEnd, byte == UInt8(ascii: "}") {
                closeContainer(byte, into: &output)
            } else {
                fail(expect == .key ? "expected a string key after ','" : "expected a string key or '}'", found: byte)
            }
        case .colon:
            guard byte == UInt8(ascii: ":") else { return fail("expected ':' after an object key", found: byte) }
            output.append(byte)
            expect = .value
        case .commaOrEnd:
            let isObject = frames.last?.isObject ?? false
            if byte == UInt8(ascii: ",") {
                output.append(byte)
                expect = isObject ? .key : .value
            } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                closeContainer(byte, into: &output)
            } else {
                fail(isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element",
                     found: byte)
            }
        }
    }

    private mutating func startValue(_ byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""):
            mode = .string
            tokenIsKey = false
            tokenStart = offset
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if currentKey?.isSensitive == true {
                mode = .skip
                skipDepth = 1
                skipInString = false
                skipEscape = false
                tokenStart = offset
                return
            }
            guard frames.count < Self.maximumDepth else {
                return fail("nesting deeper than \(Self.maximumDepth) levels", found: nil)
            }
            let context: String
            if let parent = frames.last {
                context = parent.isObject ? parent.key?.normalized ?? "" : parent.context
            } else {
                context = ""
            }
            let isObject = byte == UInt8(ascii: "{")
            frames.append(Frame(isObject: isObject, context: context))
            output.append(byte)
            expect = isObject ? .keyOrEnd : .valueOrEnd
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            mode = .literal
            tokenStart = offset
            token.removeAll(keepingCapacity: true)
        default:
            fail(expect == .topLevel ? "expected a JSON value" : "expected a value", found: byte)
        }
    }

    private mutating func closeContainer(_ byte: UInt8, into output: inout [UInt8]) {
        frames.removeLast()
        output.append(byte)
        valueCompleted()
    }

    /// After any value: the parent expects `,` or its end; an object forgets the member's key.
    private mutating func valueCompleted() {
        guard !frames.isEmpty else {
            expect = .topLevel
            return
        }
        expect = .commaOrEnd
        if frames[frames.count - 1].isObject { frames[frames.count - 1].key = nil }
    }

    private var currentKey: Key? {
        guard let frame = frames.last, frame.isObject else { return nil }
        return frame.key
    }

    // MARK: Tokens

    /// A complete string token (its raw content between the quotes).
    /// - Parameter closed: false for a string the input ends inside (a stream cut mid-value):
    ///   it is judged like a whole one, as its key's value, and written without a closing quote.
    private mutating func completeString(_ raw: UnsafeRawBufferPointer, closed: Bool = true, into output: inout [UInt8]) {
        guard raw.contains(UInt8(ascii: "\\")) else {
            return completeString(raw, decoded: nil, offsets: nil, closed: closed, into: &output)
        }
        JSONStringCoding.decode(raw, into: &decoded, offsets: &decodedOffsets)
        // Local references to the scratch buffers: the handler below mutates `self`.
        let bytes = decoded, offsets = decodedOffsets
        bytes.withUnsafeBytes { decodedBytes in
            offsets.withUnsafeBufferPointer { completeString(raw, decoded: decodedBytes, offsets: $0, closed: closed, into: &output) }
        }
    }

    /// Whether `"key":"`, the context a string value of `key` is shown with, mentions a keyword.
    static func mentionsKeyword(key: UnsafeRawBufferPointer, engine: PatternEngine) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count + 4) { buffer in
            let quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":")
            buffer[0] = quote
            for (index, byte) in key.enumerated() { buffer[index + 1] = byte }
            buffer[key.count + 1] = quote
            buffer[key.count + 2] = colon
            buffer[key.count + 3] = quote
            return engine.mentionsKeyword(UnsafeRawBufferPointer(buffer))
        }
    }

    /// A complete string token with its decoding (nil when it has no escapes).
    private mutating func completeString(_ raw: UnsafeRawBufferPointer, decoded: UnsafeRawBufferPointer?,
                                         offsets: UnsafeBufferPointer<Int>?, closed: Bool, into output: inout [UInt8]) {
        let text = decoded ?? raw
        if tokenIsKey {
            let replacement = redactor.redactPatterns(raw, decoded: decoded, sourceOffsets: offsets,
                                                      options: ScanOptions(decoding: .json, encoding: .json), counts: &counts)
            let normalized = Self.normalizedKey(text)
            // The key is shown to the rules as its value's context only when that context (`"tel":"`,
            // `"ni":"`) holds a keyword; otherwise it could not change what they find.
            let context = Self.mentionsKeyword(key: text, engine: redactor.engine) ? String(decoding: text, as: UTF8.self) : nil
            frames[frames.count - 1].key = Key(contextText: context, normalized: normalized,
                                               isSensitive: redactor.structural.jsonKeys.contains(normalized))
            appendString(raw: raw, replacement: replacement, closed: closed, into: &output)
            expect = .colon
            return
        }

        let frame = frames.last
        let key = frame?.isObject == true ? frame?.key : nil
        let replacement: [UInt8]?
        if key?.isSensitive == true {
            replacement = redactor.sensitiveJSONValue(text, counts: &counts)
        } else {
            replacement = redactor.redactedJSONStringValue(
                raw: raw, decoded: decoded, sourceOffsets: offsets, key: key?.normalized, keyText: key?.contextText,
                pairName: Self.pairValueKeys.contains(key?.normalized ?? "") ? frame?.pairName : nil, container: frame?.context ?? "",
                contentType: frame?.contentType, embeddingDepth: embeddingDepth, counts: &counts)
        }
        switch key?.normalized {
        case let name? where Self.pairNameKeys.contains(name):
            frames[frames.count - 1].pairName = String(decoding: text, as: UTF8.self)
        case "contenttype", "mimetype": frames[frames.count - 1].contentType = String(decoding: text, as: UTF8.self)
        default: break
        }
        appendString(raw: raw, replacement: replacement, closed: closed, into: &output)
        valueCompleted()
    }

    private mutating func appendString(raw: UnsafeRawBufferPointer, replacement: [UInt8]?, closed: Bool,
                                       into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if let replacement {
            output.append(contentsOf: replacement)
            changed = true
        } else {
            output.append(contentsOf: raw)
        }
        if closed { output.append(UInt8(ascii: "\"")) }
    }

    /// A complete number or `true`/`false`/`null`.
    private mutating func completeLiteral(into output: inout [UInt8]) {
        let isKeyword = token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8)
            || token.elementsEqual("null".utf8)
        guard isKeyword || Self.isNumber(token) else {
            let shown = String(decoding: token.prefix(16), as: UTF8.self)
            offset = tokenStart
            return fail("invalid literal '\(shown)'; expected a number, true, false or null", found: nil)
        }
        if !isKeyword, currentKey?.isSensitive == true {
            // A number under a sensitive key (a PIN, a card number) is replaced by a string.
            if let replacement = token.withUnsafeBytes({ redactor.sensitiveJSONValue($0, counts: &counts) }) {
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: replacement)
                output.append(UInt8(ascii: "\""))
                changed = true
            } else {
                output.append(contentsOf: token)
            }
        } else if !isKeyword, let redacted = token.withUnsafeBytes({ [context = currentKey?.contextText.map {
            ScanContext.jsonMember(key: $0, quoted: false)
        }] in
            // A card or phone number written as a JSON number is still a secret.
            redactor.redactPatterns($0, options: ScanOptions(encoding: .json, context: context), counts: &counts)
        }) {
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: redacted)
            output.append(UInt8(ascii: "\""))
            changed = true
        } else {
            output.append(contentsOf: token)
        }
        token.removeAll(keepingCapacity: true)
        valueCompleted()
    }

    private mutating func emitSkippedPlaceholder(into output: inout [UInt8]) {
        let id = StructuralRuleID.jsonKey.rawValue
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: "[REDACTED:\(id)]".utf8)
        output.append(UInt8(ascii: "\""))
        counts[id, default: 0] += 1
        changed = true
    }

    // MARK: End of input

    /// Ends the input. Strictly, anything still open is an error. Leniently (a truncated body), a
    /// pending string is closed after redaction (a sensitive one, or a skipped sub-tree, becomes
    /// its placeholder), a pending number is emitted, and open containers stay open.
    mutating func finish(leniently: Bool, into output: inout [UInt8]) {
        guard failure == nil else { return }
        switch mode {
        case .structure:
            break
        case .literal:
            completeLiteral(into: &output)
            mode = .structure
            if failure != nil { return }
        case .string:
            guard leniently else { return fail("the input ends inside a string that starts at byte \(tokenStart)", found: nil) }
            var pending: [UInt8] = []
            swap(&pending, &token)
            // A trailing backslash starts an escape the input never finished: it is no character.
            if escapePending, pending.last == UInt8(ascii: "\\") { pending.removeLast() }
            mode = .structure
            pending.withUnsafeBytes { raw in completeString(raw, closed: false, into: &output) }
            return
        case .skip:
            guard leniently else { return fail("the input ends inside a value that starts at byte \(tokenStart)", found: nil) }
            emitSkippedPlaceholder(into: &output)
            mode = .structure
            return
        }
        if !leniently, expect != .topLevel {
            fail(frames.isEmpty ? "the input ends where a value was expected"
                                : "the input ends with \(frames.count) unclosed object(s) or array(s)", found: nil)
        }
    }

    private mutating func fail(_ reason: String, found byte: UInt8?) {
        var reason = reason
        if let byte {
            reason += byte >= 0x20 && byte < 0x7F ? ", found '\(Character(Unicode.Scalar(byte)))'"
                                                  : ", found byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        failure = JSONStreamError(offset: offset, reason: reason)
    }

    // MARK: Lexical helpers

    @inline(__always)
    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    /// RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    /// Normalized keys that name what an object holds (`{"name": "API_TOKEN", "value": "…"}`,
    /// `{"variable": …}`, `{"field": …}`), and the keys that hold it: the value is then judged as
    /// that name's. ``NamedPairFinder`` reads the same pairs in text.
    static let pairNameKeys: Set<String> = ["name", "key", "variable", "var", "env", "field", "label", "id", "parameter",
                                            "param", "setting", "property"]
    static let pairValueKeys: Set<String> = ["value", "val", "data", "secret"]

    /// ``StructuralRules/normalizedKey(_:)`` without the detour through `lowercased()` for ASCII.
    static func normalizedKey(_ key: String) -> String {
        Redactor.withBytes(of: key) { normalizedKey($0) }
    }

    /// ``StructuralRules/normalizedKey(_:)`` of a decoded key, without the detour through
    /// `lowercased()` for ASCII keys.
    static func normalizedKey(_ key: UnsafeRawBufferPointer) -> String {
        guard !key.contains(where: { $0 >= 0x80 }) else {
            return StructuralRules.normalizedKey(String(decoding: key, as: UTF8.self))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.count)
        for byte in key {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "): continue
            default: bytes.append(KeywordIndex.lowercased(byte))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
