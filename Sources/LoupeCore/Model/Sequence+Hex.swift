extension Sequence<UInt8> {
    /// The bytes as lower-case hex, two digits each (a SHA-256 digest's 64 characters), without
    /// formatting each byte through Foundation.
    package var lowercaseHex: String {
        var result: [UInt8] = []
        result.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            result.append(Self.hexDigits[Int(byte >> 4)])
            result.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static var hexDigits: [UInt8] { Array("0123456789abcdef".utf8) }
}
