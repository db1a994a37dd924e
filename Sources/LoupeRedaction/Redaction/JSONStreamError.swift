/// Input that is not JSON, found by ``JSONStreamRedactor``: where (the byte offset from the start
/// of the whole input) and what was expected there.
///
/// `malformed JSON at byte 1042: expected ',' or '}' after an object member, found 'x'`
public struct JSONStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the offending byte (or of the token that starts there) in the whole input.
    public var offset: Int
    /// What was wrong, as a sentence fragment without the location.
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "malformed JSON at byte \(offset): \(reason)" }
}
