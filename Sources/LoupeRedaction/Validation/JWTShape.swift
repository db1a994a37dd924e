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
        return sextets.withUnsafeBufferPointer { sextets in
            // A third dot fails the signature's base64url check.
            guard isBase64URL(header, sextets), isBase64URL(payload, sextets), isBase64URL(signature, sextets),
                  let headerObject = decodedObject(header, sextets), headerObject.hasStringAlg,
                  decodedObject(payload, sextets) != nil
            else { return false }
            return true
        }
    }

    /// Per byte value: its 6-bit value as a base64url digit, ``padding`` for `=`, ``invalid`` for
    /// anything else. One table lookup per byte replaces a range switch in both loops below.
    private static let sextets: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        case UInt8(ascii: "="): return padding
        default: return invalid
        }
    }
    private static let padding: UInt8 = 64
    private static let invalid: UInt8 = 255

    /// Decodes one base64url segment (padding optional) and checks that it is a JSON object.
    private static func decodedObject(_ segment: Slice<UnsafeRawBufferPointer>, _ sextets: UnsafeBufferPointer<UInt8>)
        -> JSONObjectShape?
    {
        // Padding only trails a segment (``isBase64URL(_:_:)``); base64url in JWTs usually omits it.
        var end = segment.endIndex
        while end > segment.startIndex, segment[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let digits = UnsafeRawBufferPointer(rebasing: segment[segment.startIndex..<end])
        guard !digits.isEmpty, digits.count % 4 != 1 else { return nil }
        let capacity = digits.count / 4 * 3 + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> JSONObjectShape? in
            var count = 0
            var accumulator: UInt32 = 0
            var bits = 0
            for byte in digits {
                accumulator = accumulator << 6 | UInt32(sextets[Int(byte)])
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

    /// Whether `segment` is base64url digits, optionally followed by `=` padding.
    private static func isBase64URL(_ segment: Slice<UnsafeRawBufferPointer>, _ sextets: UnsafeBufferPointer<UInt8>) -> Bool {
        var seenPadding = false
        for byte in UnsafeRawBufferPointer(rebasing: segment) {
            let sextet = sextets[Int(byte)]
            if sextet == padding {
                seenPadding = true
            } else if sextet == invalid || seenPadding {
                return false  // padding may only trail the segment
            }
        }
        return true
    }
}
