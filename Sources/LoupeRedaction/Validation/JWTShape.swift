/// A structural check for JSON Web Tokens (RFC 7519, compact JWS form): three base64url
/// segments `header.payload.signature` whose header and payload decode to JSON objects and whose
/// header names an `alg` with a string value. The signature is not verified — Loupe has no keys,
/// and a token with a bad signature is still a secret worth hiding.
///
/// ```swift
/// JWTShape.isWellFormed("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln")  // true
/// JWTShape.isWellFormed("a.b.c")                                      // false
/// ```
public enum JWTShape {
    /// Whether `text` looks like a JWT. An empty signature is accepted because unsecured tokens
    /// (`"alg": "none"`) still carry claims.
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        var text = String(text)
        return text.withUTF8 { isWellFormed(UnsafeRawBufferPointer($0)) }
    }

    /// The same check over raw UTF-8 bytes. It runs for every JWT-shaped match of a redaction
    /// pass, so it decodes and parses by hand into a small buffer instead of going through
    /// Foundation's base64 and JSON decoders.
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let firstDot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let rest = bytes[(firstDot + 1)...]
        guard let secondDot = rest.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let header = bytes[..<firstDot], payload = bytes[(firstDot + 1)..<secondDot]
        let signature = bytes[(secondDot + 1)...]
        guard !signature.contains(UInt8(ascii: ".")),
              isBase64URL(header), isBase64URL(payload), isBase64URL(signature)
        else { return false }
        guard let headerObject = decodedObject(header), headerObject.hasStringAlg,
              decodedObject(payload) != nil
        else { return false }
        return true
    }

    /// Decodes one base64url segment (padding optional) and checks that it is a JSON object.
    private static func decodedObject(_ segment: Slice<UnsafeRawBufferPointer>) -> JSONObjectShape? {
        // Padding only trails a segment (``isBase64URL(_:)``); base64url in JWTs usually omits it.
        var end = segment.endIndex
        while end > segment.startIndex, segment[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let digits = segment[segment.startIndex..<end]
        guard !digits.isEmpty, digits.count % 4 != 1 else { return nil }
        let capacity = digits.count / 4 * 3 + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> JSONObjectShape? in
            var count = 0
            var accumulator: UInt32 = 0
            var bits = 0
            for byte in digits {
                accumulator = accumulator << 6 | UInt32(sextet(byte))
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    buffer[count] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    count += 1
                }
            }
            return JSONObjectShape.parse(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[..<count]))
        }
    }

    /// The 6-bit value of a base64url digit (the caller checked it is one).
    @inline(__always)
    private static func sextet(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        default: 63
        }
    }

    private static func isBase64URL(_ segment: Slice<UnsafeRawBufferPointer>) -> Bool {
        var seenPadding = false
        for byte in segment {
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
