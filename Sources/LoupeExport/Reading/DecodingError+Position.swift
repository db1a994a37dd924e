import Foundation

/// Turns Foundation's decoding errors into a position (`log.entries[3].request`) and a sentence
/// that never quotes a value from the input.
enum DecodingFailure {
    /// With the `data` that failed, a syntax error is located by line and column.
    static func describe(_ error: any Error, data: Data? = nil) -> (path: String?, reason: String) {
        guard let error = error as? DecodingError else {
            return (nil, "\(error.localizedDescription)")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "the member \"\(key.stringValue)\" is missing")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(name(of: type)) here")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(name(of: type)) here, found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let data, let syntax = JSONSyntaxLocator.locate(in: data) {
                return ("line \(syntax.line), column \(syntax.column)", syntax.reason)
            }
            var reason = context.debugDescription
            if let underlying = context.underlyingError as NSError?,
               let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
            {
                reason = detail
            }
            if reason.lowercased().contains("end of file") || reason.lowercased().contains("unexpected end") {
                reason += " (the file looks cut short)"
            }
            return (path(context.codingPath), reason.isEmpty ? "not valid JSON" : reason)
        @unknown default:
            return (nil, "\(error)")
        }
    }

    /// `log.entries[3].request.method`, or nil for the document itself.
    static func path(_ codingPath: [any CodingKey]) -> String? {
        guard !codingPath.isEmpty else { return nil }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type, is UInt64.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
