import Foundation

extension UUID {
    /// The UUID as `uuidString` writes it (8-4-4-4-12 hex digits), in either case. Foundation
    /// formats each byte with `snprintf`, which took a few percent of a large export.
    func hexString(uppercase: Bool) -> String {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { uuid in
            digits.withUTF8Buffer { hex in
                String(unsafeUninitializedCapacity: 36) { text in
                    var count = 0
                    for (index, byte) in uuid.enumerated() {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            text[count] = UInt8(ascii: "-")
                            count += 1
                        }
                        text[count] = hex[Int(byte >> 4)]
                        text[count + 1] = hex[Int(byte & 0x0F)]
                        count += 2
                    }
                    return count
                }
            }
        }
    }
}
