import LoupeCore

extension Redactor {
    /// Redacts a stored body's text in place by its content type (see ``redactBody(_:contentType:counts:)``).
    func redactBody(_ body: inout CapturedBody, counts: inout [String: Int]) {
        guard let text = body.text, let redacted = redactedBodyText(text, contentType: body.contentType, counts: &counts)
        else { return }
        body.text = redacted
    }

    /// A body's text redacted by its content type: JSON (any `…json…` type, NDJSON too) walked
    /// with structural keys and patterns over every string; URL-encoded forms by field; multipart
    /// bodies part by part; `text/event-stream` line by line with JSON `data`; anything else as
    /// text, except that an unlabelled body that looks like JSON or a form is treated as one.
    /// Truncated or malformed JSON is redacted as far as it parses and as text after that.
    public func redactBody(_ text: String, contentType: String?, counts: inout [String: Int]) -> String {
        redactedBodyText(text, contentType: contentType, counts: &counts) ?? text
    }

    func redactedBodyText(_ text: String, contentType: String?, counts: inout [String: Int], depth: Int = 0) -> String? {
        guard !text.isEmpty else { return nil }
        let mediaType = contentType.map(Self.bodyMediaType)
        switch mediaType {
        case .some(let type) where Self.mentionsJSON(type):
            return redactedJSON(text, counts: &counts, depth: depth)
        case "application/x-www-form-urlencoded":
            return redactedForm(text, counts: &counts)
        case "text/event-stream":
            return redactedEventStream(text, counts: &counts)
        case .some(let type) where type.hasPrefix("multipart/"):
            guard let contentType, let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty else {
                return redactedText(text, counts: &counts)
            }
            return redactedMultipart(text, boundary: boundary, counts: &counts)
        default:
            if Self.looksLikeJSON(text) { return redactedJSON(text, counts: &counts, depth: depth) }
            if mediaType == nil, Self.looksLikeForm(text) { return redactedForm(text, counts: &counts) }
            return redactedText(text, counts: &counts)
        }
    }

    /// The lower-cased part of `contentType` before its first `;`, trimmed; empty when blank.
    /// An ASCII value (nearly every one) is read as bytes by ``BodyCapture/mediaType(of:)``, which
    /// gives the same result: Foundation's `split` and `lowercased` cost as much as verifying a
    /// small JSON body.
    static func bodyMediaType(_ contentType: String) -> String {
        guard contentType.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingBlanks().lowercased()
        }
        return BodyCapture.mediaType(of: contentType) ?? ""
    }

    /// Whether a media type contains `json`; searched in the bytes of an ASCII one.
    static func mentionsJSON(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).contains("json") }
            return bytes.count >= 4 && (0...(bytes.count - 4)).contains { index in
                bytes[index] == UInt8(ascii: "j") && bytes[index + 1] == UInt8(ascii: "s")
                    && bytes[index + 2] == UInt8(ascii: "o") && bytes[index + 3] == UInt8(ascii: "n")
            }
        }
    }

    /// One SSE `data` value: as JSON when it looks like JSON (redacted as far as it parses), as
    /// text otherwise.
    func redactedSSEData(_ data: String, counts: inout [String: Int]) -> String? {
        Self.looksLikeJSON(data) ? redactedJSON(data, counts: &counts) : redactedText(data, counts: &counts)
    }

    /// A raw `text/event-stream` body: each `data:` line's value as SSE data, every other line as
    /// text; line breaks are kept exactly.
    func redactedEventStream(_ text: String, counts: inout [String: Int]) -> String? {
        var output = ""
        var changed = false
        var lineStart = text.utf8.startIndex
        let utf8 = text.utf8
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? utf8.endIndex
            var next = lineEnd
            if next < utf8.endIndex {
                next = utf8.index(after: next)
                if utf8[lineEnd] == 0x0D, next < utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
            }
            let line = Substring(text[lineStart..<lineEnd])
            var redactedLine: String?
            if line.hasPrefix("data:") {
                var valueStart = line.index(line.startIndex, offsetBy: 5)
                if valueStart < line.endIndex, line[valueStart] == " " { valueStart = line.index(after: valueStart) }
                if let value = redactedSSEData(String(line[valueStart...]), counts: &counts) {
                    redactedLine = String(line[..<valueStart]) + value
                }
            } else {
                redactedLine = redactedText(String(line), counts: &counts)
            }
            if let redactedLine {
                changed = true
                output += redactedLine
            } else {
                output += line
            }
            output += text[lineEnd..<next]
            lineStart = next
        }
        return changed ? output : nil
    }

    /// Whether the first non-whitespace character opens a JSON object or array.
    static func looksLikeJSON(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }

    /// Whether an unlabelled body reads like `a=1&b=2`: one line of pairs, no spaces.
    static func looksLikeForm(_ text: String) -> Bool {
        var sawEquals = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "="): sawEquals = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""),
                 UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"):
                return false
            default: continue
            }
        }
        return sawEquals
    }
}
