import Foundation

/// A pattern `--intercept` and `--ignore-hosts` match hosts with: a regular expression searched in
/// `host:port`, case-insensitively, as mitmproxy's `--ignore-hosts` does (`example\.com`,
/// `^api\.`, `:8443$`).
public struct HostPattern: Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let description: String

    /// Parses a pattern; throws when it is not a valid regular expression.
    public init(_ text: String) throws(ProxyConfigurationError) {
        guard !text.isEmpty else {
            throw ProxyConfigurationError("A host pattern is empty; write a regular expression such as example\\.com or ^api\\.")
        }
        do {
            _ = try Regex(text)
        } catch {
            throw ProxyConfigurationError("The host pattern \"\(text)\" is not a valid regular expression (\(error)).")
        }
        description = text
    }

    /// Parses a comma-separated list of patterns.
    public static func list(_ text: String) throws(ProxyConfigurationError) -> [HostPattern] {
        var patterns: [HostPattern] = []
        for part in text.split(separator: ",") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            patterns.append(try HostPattern(part.trimmingCharacters(in: .whitespaces)))
        }
        return patterns
    }

    /// Whether the pattern is found in `host:port` (the host lower-cased, IPv6 without brackets).
    public func matches(host: String, port: Int) -> Bool {
        // Compiled per use: a Regex is not Sendable, and CONNECTs are few next to their exchanges.
        guard let regex = try? Regex(description).ignoresCase() else { return false }
        return "\(host.lowercased()):\(port)".contains(regex)
    }
}
