import Foundation

/// The opaque `cursor` of a paged list: the position of the last item of the previous page,
/// base64url-encoded so clients treat it as a token rather than a number to compute with.
struct PageCursor: Equatable {
    /// Sequence number of the last item already returned.
    var after: Int

    private static let prefix = "after:"

    init(after: Int) {
        self.after = after
    }

    /// Decodes a cursor from a query string; anything this server did not produce is a 400.
    init(encoded: String) throws {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
              text.hasPrefix(Self.prefix), let after = Int(text.dropFirst(Self.prefix.count)), after >= 0
        else {
            throw ChatError.badRequest("The cursor \"\(encoded)\" is not one this server returned; pass the nextCursor of the previous page, or leave it out for the first page.")
        }
        self.after = after
    }

    var encoded: String {
        Data((Self.prefix + String(after)).utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
