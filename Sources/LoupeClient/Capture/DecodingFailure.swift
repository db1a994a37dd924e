import Foundation

/// Where and why JSON decoding failed, without quoting the data (it may hold secrets).
struct DecodingFailure: Sendable, Hashable {
    /// The coding path in the usual notation, like `messages[2].createdAt`; empty for the root.
    let path: String
    /// What is wrong with the value there, like "has the wrong type".
    let problem: String

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            self.path = ""
            self.problem = "is not valid JSON"
            return
        }
        let (context, problem): (DecodingError.Context, String) = switch error {
        case .typeMismatch(_, let found): (found, "has the wrong type")
        case .valueNotFound(_, let found): (found, "is null")
        case .keyNotFound(let key, let found): (found, "lacks the key '\(key.stringValue)'")
        // A corrupted value below the root is one the decoder rejected (a date, a URL); at the
        // root the document itself is not JSON.
        case .dataCorrupted(let found): (found, found.codingPath.isEmpty ? "is not valid JSON" : "is not in the expected format")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "is invalid")
        }
        self.problem = problem
        self.path = Self.path(context.codingPath)
    }

    /// Where encoding failed, as a sentence, for a body that could not be encoded.
    static func encoding(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(type(of: error))." }
        let path = Self.path(context.codingPath)
        return path.isEmpty ? "the value cannot be encoded." : "the value at \(path) cannot be encoded."
    }

    /// `messages[2].createdAt` for the coding path messages → 2 → createdAt.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    /// "the value at messages[2].createdAt has the wrong type" or "the value is not valid JSON".
    var clause: String {
        path.isEmpty ? "the value \(problem)" : "the value at \(path) \(problem)"
    }

    /// The ``clause`` with a full stop.
    var sentence: String { clause + "." }
}
