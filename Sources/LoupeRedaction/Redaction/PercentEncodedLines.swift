/// The lines of a plain text that hold percent- or form-encoded data (`curl -d 'phone=%2B44%2020…'`,
/// `-d 'iban=GB82+WEST+1234…'`, a query string in an access log), decoded for matching: a rule
/// reads `+44 20 7946 0958` where the text has `%2B44%2020%207946%200958`, and what it finds is
/// mapped back to the text. The lines go into one buffer (each ended by a line break) so the
/// rules run once however many lines there are.
struct PercentEncodedLines {
    /// A decoding of the lines: the bytes, and for each byte (plus one final element) its offset
    /// in the text.
    struct Reading {
        var bytes: [UInt8] = []
        var textOffsets: [Int] = []
    }

    /// The lines with a `%XY` escape decoded (`+` kept); empty when there are none.
    private(set) var decoded = Reading()
    /// The lines with `+` and `=` decoded after reading `+` as a space (form encoding); empty
    /// when there are none.
    private(set) var decodedWithSpaces = Reading()
    /// Whether the lines are the whole text (a text of one line): then a value's context applies.
    private(set) var isWholeText = false

    /// Nil when `text` (within `regions`, when given) holds no valid `%XY` escape and no `+`
    /// between two letters or digits.
    init?(in text: UnsafeRawBufferPointer, regions: [Range<Int>]? = nil) {
        let percent = UInt8(ascii: "%"), plus = UInt8(ascii: "+")
        var lines: [Range<Int>] = []
        for region in regions ?? [0..<text.count] {
            Self.lines(of: text, in: region, holding: percent, into: &lines) { index in
                index + 2 < text.count && PercentDecodedText.hexValue(text[index + 1]) != nil
                    && PercentDecodedText.hexValue(text[index + 2]) != nil
            }
            Self.lines(of: text, in: region, holding: plus, into: &lines) { index in
                index > 0 && index + 1 < text.count && text[index - 1].isASCIILetterOrDigit && text[index + 1].isASCIILetterOrDigit
            }
        }
        lines.sort { $0.lowerBound < $1.lowerBound }
        var previousEnd = -1
        for line in lines where line.lowerBound > previousEnd {
            previousEnd = line.upperBound
            let bytes = UnsafeRawBufferPointer(rebasing: text[line])
            if PercentDecodedText.firstEscape(in: bytes) != nil {
                Self.append(bytes, at: line.lowerBound, to: &decoded)
            }
            if ByteSearch.firstIndex(of: plus, in: bytes, 0..<bytes.count) != nil,
               ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, 0..<bytes.count) != nil
            {
                var spaced = Array(bytes)
                for index in spaced.indices where spaced[index] == plus { spaced[index] = UInt8(ascii: " ") }
                spaced.withUnsafeBytes { Self.append($0, at: line.lowerBound, to: &decodedWithSpaces) }
            }
        }
        guard !decoded.bytes.isEmpty || !decodedWithSpaces.bytes.isEmpty else { return nil }
        // The final element: past the last line break is the end of the last line, never past
        // the text, whatever a match that takes the break in reaches.
        if let last = decoded.textOffsets.last { decoded.textOffsets.append(last) }
        if let last = decodedWithSpaces.textOffsets.last { decodedWithSpaces.textOffsets.append(last) }
        isWholeText = lines.first == 0..<text.count
    }

    /// Appends to `lines` the line of each `byte` in `region` that `qualifies`.
    private static func lines(of text: UnsafeRawBufferPointer, in region: Range<Int>, holding byte: UInt8,
                              into lines: inout [Range<Int>], qualifies: (Int) -> Bool) {
        let newline = UInt8(ascii: "\n")
        var searchFrom = region.lowerBound
        while let found = ByteSearch.firstIndex(of: byte, in: text, searchFrom..<region.upperBound) {
            guard qualifies(found) else {
                searchFrom = found + 1
                continue
            }
            let start = ByteSearch.lastIndex(of: newline, in: text, 0..<found).map { $0 + 1 } ?? 0
            let end = ByteSearch.firstIndex(of: newline, in: text, found..<text.count) ?? text.count
            lines.append(start..<end)
            searchFrom = max(end, found + 1)
        }
    }

    /// Appends `line` (which starts at `start` in the text) percent-decoded, then a line break
    /// standing at the line's end.
    private static func append(_ line: UnsafeRawBufferPointer, at start: Int, to reading: inout Reading) {
        if let decoded = PercentDecodedText(decoding: line) {
            reading.bytes += decoded.bytes
            reading.textOffsets += decoded.sourceOffsets.dropLast().map { start + $0 }
        } else {
            reading.bytes += line
            reading.textOffsets += start..<(start + line.count)
        }
        reading.bytes.append(UInt8(ascii: "\n"))
        reading.textOffsets.append(start + line.count)
    }
}
