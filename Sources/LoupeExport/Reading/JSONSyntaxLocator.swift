import Foundation
import LoupeRedaction

/// Finds where a document stops being JSON, since Foundation's decoder only says that it is not.
/// Runs the streaming JSON reader of LoupeRedaction over the bytes, on the error path only.
enum JSONSyntaxLocator {
    /// The syntax error in `data`: its 1-based line and column and a reason, or nil when the
    /// bytes are valid JSON.
    static func locate(in data: Data) -> (line: Int, column: Int, reason: String)? {
        var stream = locatingRedactor.makeJSONStream()
        do {
            _ = try stream.feed(data)
            _ = try stream.finish()
            return nil
        } catch {
            let offset = min(error.offset, data.count)
            let prefix = data.prefix(offset)
            let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
            let column = String(decoding: data[lineStart..<(data.startIndex + offset)], as: UTF8.self).count + 1
            var reason = error.reason
            if data[(data.startIndex + offset)...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                reason += " (the file ends there: it looks cut short)"
            }
            return (line, column, reason)
        }
    }

    /// No pattern rules: only the reader's syntax checking is wanted.
    private static let locatingRedactor = Redactor(ruleSet: RuleSet(rules: [], structural: .init(), sha256: "", id: "none"))
}
