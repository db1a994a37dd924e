import Foundation

/// A case-insensitive search string, folded once at parse time.
///
/// ASCII needles (the common case) are compared byte by byte against the haystack's UTF-8 view,
/// which is exact because non-ASCII bytes can never equal an ASCII one. Other needles fall back to
/// Foundation's case-insensitive search, which allocates but handles `É` = `é`.
struct FilterNeedle: Hashable, Sendable {
    /// The needle lower-cased; also how it is rendered.
    let text: String
    private let bytes: [UInt8]
    private let isASCII: Bool

    init(_ text: String) {
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        self.text = isASCII ? String(decoding: FilterBytes.folded(text), as: UTF8.self) : text.lowercased()
        bytes = Array(self.text.utf8)
    }

    static func == (lhs: FilterNeedle, rhs: FilterNeedle) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether `needle` contains `character`, used to decide whether a header line can match
    /// across the `name: value` boundary.
    func contains(_ byte: UInt8) -> Bool { bytes.contains(byte) }

    /// Whether the needle occurs in `haystack`, ignoring case.
    func isFound(in haystack: String) -> Bool {
        FilterBytes.withBytes(of: haystack) { isFound(in: $0) }
    }

    /// Whether the needle occurs in the UTF-8 `haystack`, ignoring case.
    func isFound(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isASCII else {
            // A lower-cased non-ASCII needle can only match text that has non-ASCII bytes too
            // (setting aside foldings that expand to ASCII, like ß = ss), so the slow Unicode search
            // (about 10 µs per string) runs only where it could succeed.
            guard !FilterBytes.isASCII(haystack) else { return false }
            return String(decoding: haystack, as: UTF8.self).range(of: text, options: .caseInsensitive) != nil
        }
        return bytes.withUnsafeBufferPointer { FilterBytes.contains(haystack, foldedNeedle: $0) }
    }

    /// Whether `string` equals the needle, ignoring case.
    func isEqual(to string: String) -> Bool {
        guard isASCII else {
            return string.compare(text, options: .caseInsensitive) == .orderedSame
        }
        return bytes.withUnsafeBufferPointer { needle in
            FilterBytes.withBytes(of: string) {
                $0.count == needle.count && FilterBytes.matches($0, at: 0, needle, ignoringCase: true)
            }
        }
    }
}
