/// A tiny URL splitter: the byte ranges of the host and path in
/// `scheme://userinfo@host:port/path?query#fragment`, without Foundation's `URL` (too slow to run
/// per event per keystroke, and it rejects some URLs seen on the wire).
///
/// Also handles authority-form (`host:443`, as CONNECT sends), origin-form (`/path?query`, no
/// host) and bracketed IPv6 hosts (`[::1]`, host without the brackets).
struct FilterURLParts {
    var host: Range<Int>
    var path: Range<Int>

    init(_ url: UnsafeBufferPointer<UInt8>) {
        let count = url.count
        var authorityStart: Int? = 0
        if let schemeEnd = Self.schemeEnd(url) {
            authorityStart = schemeEnd + 3
        } else if count >= 2, url[0] == UInt8(ascii: "/"), url[1] == UInt8(ascii: "/") {
            authorityStart = 2
        } else if count >= 1, url[0] == UInt8(ascii: "/") {
            authorityStart = nil
        }

        var pathStart = 0
        host = 0..<0
        if let authorityStart {
            var authorityEnd = authorityStart
            while authorityEnd < count, !Self.endsAuthority(url[authorityEnd]) { authorityEnd += 1 }
            var hostStart = authorityStart
            // The last `@` ends the userinfo; passwords may contain `@` unescaped in the wild.
            for index in authorityStart..<authorityEnd where url[index] == UInt8(ascii: "@") {
                hostStart = index + 1
            }
            var hostEnd = hostStart
            if hostStart < authorityEnd, url[hostStart] == UInt8(ascii: "[") {
                hostEnd = hostStart + 1
                while hostEnd < authorityEnd, url[hostEnd] != UInt8(ascii: "]") { hostEnd += 1 }
                host = (hostStart + 1)..<hostEnd
            } else {
                while hostEnd < authorityEnd, url[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
                host = hostStart..<hostEnd
            }
            pathStart = authorityEnd
        }
        var pathEnd = pathStart
        while pathEnd < count, url[pathEnd] != UInt8(ascii: "?"), url[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        path = pathStart..<pathEnd
    }

    /// Runs `body` over `bytes` with `%XX` escapes decoded (invalid escapes stay as they are), in
    /// temporary storage so matching a percent-encoded path does not allocate on the heap.
    static func withPercentDecoded<Result>(_ bytes: UnsafeBufferPointer<UInt8>,
                                           _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { buffer in
            var read = 0, written = 0
            while read < bytes.count {
                if bytes[read] == UInt8(ascii: "%"), read + 2 < bytes.count,
                   let high = hexValue(bytes[read + 1]), let low = hexValue(bytes[read + 2]) {
                    buffer[written] = high << 4 | low
                    read += 3
                } else {
                    buffer[written] = bytes[read]
                    read += 1
                }
                written += 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<written]))
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        if byte &- 0x30 < 10 { return byte - 0x30 }
        let folded = FilterBytes.fold(byte)
        if folded &- 0x61 < 6 { return folded - 0x61 + 10 }
        return nil
    }

    /// The index of `://` after a valid scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
    private static func schemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = url.first, FilterBytes.fold(first) &- 0x61 < 26 else { return nil }
        var index = 1
        while index < url.count {
            let byte = url[index]
            if byte == UInt8(ascii: ":") {
                guard index + 2 < url.count, url[index + 1] == UInt8(ascii: "/"),
                      url[index + 2] == UInt8(ascii: "/") else { return nil }
                return index
            }
            let isSchemeByte = FilterBytes.fold(byte) &- 0x61 < 26 || byte &- 0x30 < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return nil }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
