import LoupeRedaction
import Testing

@Suite struct LeakScannerPlaceholderTests {
    @Test(arguments: [
        "[REDACTED:email]", "[REDACTED]", "[REDACTED:authorization header]", "[aws-access-key-id:5f2a9c1e]",
        "[jwt:00000000]", "****1234", "****", "********", "****.com", "%5BREDACTED%3Aemail%5D", "%5bREDACTED%3aemail%5d",
        "%5Bemail%3A0a1b2c3d%5D",
    ])
    func recognizesEveryReplacementStyle(_ text: String) {
        #expect(RedactionPlaceholder.isPlaceholder(text))
    }

    @Test(arguments: [
        "[REDACTED:]", "[REDACTED:a\nb]", "[redacted:email]", "[aws-key:0A1B2C3D]", "[aws-key:0a1b2c3]",
        "[aws-key:0a1b2c3d0]", "[Rule:0a1b2c3d]", "[-x:0a1b2c3d]", "[x--y:0a1b2c3d]", "***1234", "****12345",
        "****AKIAIOSFODNN7EXAMPLE", "[REDACTED:email", "%5BREDACTED%3Aemail]",
    ])
    func rejectsLookAlikes(_ text: String) {
        #expect(!RedactionPlaceholder.isPlaceholder(text))
    }

    @Test func findsEveryPlaceholderInText() {
        let text = "token=****9f2c and [jwt:0a1b2c3d], mail [REDACTED:email]."
        let ranges = RedactionPlaceholder.ranges(in: text)
        let bytes = Array(text.utf8)
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
            == ["****9f2c", "[jwt:0a1b2c3d]", "[REDACTED:email]"])
    }

    @Test func aLabelLongerThanTheMaximumIsNotAPlaceholder() {
        let label = String(repeating: "x", count: RedactionPlaceholder.maximumLabelLength + 1)
        #expect(!RedactionPlaceholder.isPlaceholder("[REDACTED:\(label)]"))
        #expect(RedactionPlaceholder.isPlaceholder("[REDACTED:\(label.dropLast())]"))
    }
}
