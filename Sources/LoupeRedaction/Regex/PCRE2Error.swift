import CPCRE2

/// A failure reported by PCRE2: a pattern that does not compile, or a match that hit a resource
/// limit. The message is PCRE2's own sentence; a subject text is never included.
public struct PCRE2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// PCRE2's error code (negative for match errors, positive for compile errors).
    public let code: Int32
    /// PCRE2's description of the error.
    public let message: String
    /// For compile errors, the byte offset in the pattern where PCRE2 stopped.
    public let offset: Int?

    init(code: Int32, offset: Int? = nil) {
        self.code = code
        self.offset = offset
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
        }
        message = length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "unknown PCRE2 error \(code)"
    }

    /// Whether matching gave up because the pattern needed too many steps or too much memory on
    /// this subject: the guard against catastrophic backtracking.
    public var isResourceLimit: Bool {
        [PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT]
            .contains(code)
    }

    public var description: String {
        if let offset { return "\(message) at offset \(offset)" }
        return message
    }
}
