/// Why a ``TokenStore`` could not load, save or clear the tokens. Messages name the file and the
/// problem, never the tokens.
public struct TokenStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Code: String, Sendable, Hashable {
        /// The file exists but does not hold tokens in the expected JSON shape.
        case corrupt
        /// The file could not be read.
        case unreadable
        /// The file could not be written, replaced or removed.
        case unwritable
    }

    /// What went wrong, broadly.
    public var code: Code
    /// The file concerned.
    public var path: String
    /// The detail: a decoding path or a system error.
    public var reason: String

    /// An error about the file at `path`.
    public init(code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch code {
        case .corrupt:
            "The token file \(path) is corrupt (\(reason)); delete it and sign in again."
        case .unreadable:
            "Cannot read the token file \(path): \(reason)"
        case .unwritable:
            "Cannot write the token file \(path): \(reason) Check the folder's permissions and free space."
        }
    }
}
