import Foundation

/// A structural check for JSON Web Tokens (RFC 7519, compact JWS form): three base64url
/// segments `header.payload.signature` whose header and payload decode to JSON objects and whose
/// header names an `alg`. The signature is not verified — Loupe has no keys, and a token with a
/// bad signature is still a secret worth hiding.
///
/// ```swift
/// JWTShape.isWellFormed("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln")  // true
/// JWTShape.isWellFormed("a.b.c")                                      // false
/// ```
public enum JWTShape {
    /// Whether `text` looks like a JWT. An empty signature is accepted because unsecured tokens
    /// (`"alg": "none"`) still carry claims.
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        let segments = String(text).split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3,
              segments.allSatisfy({ isBase64URL($0) }),
              let header = decodeObject(segments[0]),
              let _ = decodeObject(segments[1])
        else { return false }
        return header["alg"] is String
    }

    /// Decodes one base64url segment (padding optional) and parses it as a JSON object.
    static func decodeObject(_ segment: some StringProtocol) -> [String: Any]? {
        guard !segment.isEmpty else { return nil }
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 = base64.trimmingCharacters(in: CharacterSet(charactersIn: "="))
        // Foundation wants standard padding; base64url in JWTs omits it.
        let remainder = base64.utf8.count % 4
        guard remainder != 1 else { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: base64),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object
    }

    private static func isBase64URL(_ segment: Substring) -> Bool {
        var seenPadding = false
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "="):
                seenPadding = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                // Padding may only trail the segment.
                if seenPadding { return false }
            default:
                return false
            }
        }
        return true
    }
}
