/// The lines of a plain text that hold percent- or form-encoded data (`curl -d 'phone=%2B44%2020…'`,
/// `-d 'iban=GB82+WEST+1234…'`, a query string in an access log), decoded for matching into one
/// buffer: a rule reads `+44 20 7946 0958` where the text has `%2B44%2020%207946%200958`, and what
/// it finds is mapped back to the text. The lines go into one buffer (each ended by a line break) so the rules run
/// once however many lines there are.
struct PercentEncodedLines {
    /// A decoding of the lines: the bytes, and for each byte (plus one final element) its offset
    /// in the text.
    struct Reading {
        var bytes: [UInt8] = []
        var textOffsets: [Int] = []
    }

    /// The lines with a `%XY` escape decoded (`+` kept).
    private(set) var decoded = Reading()
    /// The lines holding a `+` decoded after reading it as a space (form encoding), if any.
    private(set) var decodedWithSpaces: Reading?

    /// Nil when `text` (within `regions`, when given) holds no valid `%XY` escape and no `+`
    /// between two letters or digits on a line with `=` (form data: `-d 'iban=GB82+WEST+…'`).
    init?(in text: UnsafeRawBufferPointer, regions: [Range<Int>]? = nil) {
        let plus = UInt8(ascii: "+")
        var lines: [Range<Int>] = []
        for region in regions ?? [0..<text.count] {
            Self.lines(of: text, in: region, into: &lines) { index in
                guard text[index] == UInt8(ascii: "%") else { return false }
                return index + 2 < text.count && PercentDecodedText.hexValue(text[index + 1]) != nil
                    && PercentDecodedText.hexValue(text[index + 2]) != nil
            }
            Self.lines(of: text, in: region, into: &lines, searching: plus) { index in
                index > 0 && index + 1 < text.count && Self.isLetterOrDigit(text[index - 1]) && Self.isLetterOrDigit(text[index + 1])
            }
        }
        var spaced = Reading()
        var previousEnd = -1
        for line in lines.sorted(by: { $0.lowerBound < $1.lowerBound }) where line.lowerBound > previousEnd {
            previousEnd = line.upperBound
            let bytes = UnsafeRawBufferPointer(rebasing: text[line])
            if PercentDecodedText.firstEscape(in: bytes) != nil {
                Self.append(bytes, at: line.lowerBound, plusAsSpace: false, to: &decoded)
            }
            if ByteSearch.firstIndex(of: plus, in: bytes, 0..<bytes.count) != nil,
               ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, 0..<bytes.count) != nil
            {
                Self.append(bytes, at: line.lowerBound, plusAsSpace: true, to: &spaced)
            }
        }
        guard !decoded.bytes.isEmpty || !spaced.bytes.isEmpty else { return nil }
        if !decoded.bytes.isEmpty { decoded.textOffsets.append(decoded.textOffsets.last.map { $0 + 1 } ?? 0) }
        if !spaced.bytes.isEmpty {
            spaced.textOffsets.append(spaced.textOffsets.last.map { $0 + 1 } ?? 0)
            decodedWithSpaces = spaced
        }
    }

    /// Appends to `lines` the line of each `byte` (a `%` by default) in `region` that `qualifies`.
    private static func lines(of text: UnsafeRawBufferPointer, in region: Range<Int>, into lines: inout [Range<Int>],
                              searching byte: UInt8 = UInt8(ascii: "%"), qualifies: (Int) -> Bool) {
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

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Appends `line` (which starts at `start` in the text) decoded, and a line break.
    private static func append(_ line: UnsafeRawBufferPointer, at start: Int, plusAsSpace: Bool, to reading: inout Reading) {
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "%"), index + 2 < line.count,
               let high = PercentDecodedText.hexValue(line[index + 1]), let low = PercentDecodedText.hexValue(line[index + 2])
            {
                reading.bytes.append(high << 4 | low)
                reading.textOffsets.append(start + index)
                index += 3
            } else {
                let byte = line[index]
                reading.bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                reading.textOffsets.append(start + index)
                index += 1
            }
        }
        reading.bytes.append(UInt8(ascii: "\n"))
        reading.textOffsets.append(start + line.count)
    }
}
