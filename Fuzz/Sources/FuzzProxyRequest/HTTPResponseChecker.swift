/// Reads what the proxy wrote to a client as a sequence of HTTP/1.x responses and says what, if
/// anything, is not well-formed: a bad status line, a header line that is not `name: value` (a
/// lone CR or LF from a hostile request would split it), or a body that does not match its
/// `Content-Length`.
enum HTTPResponseChecker {
    /// Nil when `bytes` is zero or more well-formed responses, else what is wrong and where.
    static func problem(in bytes: [UInt8]) -> String? {
        var position = 0
        while position < bytes.count {
            guard let headEnd = find([13, 10, 13, 10], in: bytes, from: position) else {
                return "a response head without its blank line at byte \(position)"
            }
            let lines = split(bytes[position..<headEnd])
            guard let statusLine = lines.first, let status = statusCode(statusLine) else {
                return "a bad status line at byte \(position): \(text(lines.first ?? []))"
            }
            var contentLength: Int?
            var chunked = false
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                      line[..<colon].allSatisfy(isTokenByte),
                      !line.contains(13), !line.contains(10)
                else { return "a bad header line: \(text(line))" }
                let name = text(line[..<colon]).lowercased()
                let value = text(line[(colon + 1)...]).trimmingSpaces()
                if name == "content-length" {
                    guard contentLength == nil, let length = Int(value), length >= 0 else {
                        return "a bad or repeated Content-Length: \(value)"
                    }
                    contentLength = length
                }
                if name == "transfer-encoding" { chunked = value.lowercased().hasSuffix("chunked") }
            }
            position = headEnd + 4
            if (100..<200).contains(status) || status == 204 || status == 304 { continue }
            if chunked { return nil }  // the proxy's own answers are never chunked; stop reading here
            guard let contentLength else { return nil }  // the body runs to the end of the connection
            // A response to HEAD announces a length but has no body: the next response may follow at once.
            if contentLength > 0, bytes[position...].starts(with: Array("HTTP/1.".utf8)),
               position + contentLength < bytes.count, !bytes[(position + contentLength)...].starts(with: Array("HTTP/1.".utf8)) {
                continue
            }
            guard position + contentLength <= bytes.count else {
                return "a body shorter than its Content-Length \(contentLength)"
            }
            position += contentLength
        }
        return nil
    }

    private static func statusCode(_ line: ArraySlice<UInt8>) -> Int? {
        let text = text(line)
        guard text.hasPrefix("HTTP/1.1 ") || text.hasPrefix("HTTP/1.0 ") else { return nil }
        let digits = text.dropFirst(9).prefix(3)
        guard digits.count == 3, let code = Int(digits), (100...599).contains(code) else { return nil }
        return code
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127 && !Array(#"()<>@,;:\"/[]?={}"#.utf8).contains(byte)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The lines of a head, split at CRLF only.
    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == 13, index + 1 < head.endIndex, head[index + 1] == 10 {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
