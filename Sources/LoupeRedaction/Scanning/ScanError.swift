import Foundation

/// An input the scanner could not read: names the path and says why, as one sentence.
public struct ScanError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The file, folder or archive entry, as it was named to the scanner.
    public var path: String
    /// What went wrong, without the path.
    public var reason: String

    /// An error about `path`; `reason` is a sentence fragment without the path.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    public var errorDescription: String? { description }
}
